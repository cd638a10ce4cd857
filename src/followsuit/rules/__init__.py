"""Variants as data: the option catalogue, the declarations and the registry."""

from .model import Rules, Variant
from .options import OPTIONS, Option, OptionError
from .registry import UnknownVariant, find_variant, load_rules, variants

__all__ = [
    "OPTIONS",
    "Option",
    "OptionError",
    "Rules",
    "UnknownVariant",
    "Variant",
    "find_variant",
    "load_rules",
    "variants",
]
