"""The ``followsuit`` command line: ``play``, ``replay``, ``rules``."""
