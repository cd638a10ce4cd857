"""The server's collector: what survives a full collection is frozen (the next
full collection walks only newer objects), and thawed again in time, so that a
cycle among frozen objects that died is still collected."""

from __future__ import annotations

import gc
import weakref

from followsuit.server.collector import Collector

from .server_support import wait_for


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the collector frees it


def walked(obj: object, generations: range = range(2, 3)) -> bool:
    """Whether a collection of these generations (the oldest: a full collection)
    walks ``obj``."""
    return any(o is obj for g in generations for o in gc.get_objects(generation=g))


def test_survivors_of_a_full_collection_are_frozen_then_thawed() -> None:
    collector = Collector(thaw_seconds=3.0, check_seconds=0.02)
    try:
        collector.start()
        assert gc.get_freeze_count() > 0  # what the start-up built
        before = gc.get_freeze_count()
        node = Node()
        gone = weakref.ref(node)
        gc.collect()  # the node survives a full collection…
        wait_for(lambda: gc.get_freeze_count() > before, timeout=5)
        assert not walked(node)  # …and the next ones do not walk it
        del node
        gc.collect()
        assert gone() is not None  # garbage, but frozen
        wait_for(lambda: gc.get_freeze_count() == 0, timeout=10, every=0.005)  # thawed
        gc.collect()
        assert gone() is None  # the next full collection frees it
    finally:
        collector.stop()
    assert gc.get_freeze_count() == 0 and collector._seen not in gc.callbacks


def test_objects_made_after_a_freeze_are_walked_until_they_survive_one() -> None:
    collector = Collector(check_seconds=0.02)
    try:
        collector.start()
        young = Node()
        assert walked(young, range(3))
        before = gc.get_freeze_count()
        gc.collect()
        wait_for(lambda: gc.get_freeze_count() > before, timeout=5)
        assert not walked(young, range(3))
    finally:
        collector.stop()
    assert walked(young)
