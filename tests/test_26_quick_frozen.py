"""engine/frozen.py: the events, ``Decision`` and ``Option`` are made by a generated
``__new__`` instead of attrs' frozen ``__init__`` (fewer instructions per object).
They must stay exactly what attrs made: every field set as attrs' ``__init__`` sets
it, immutable (design rule 3), of their own class, and usable by attrs' API, copy
and pickle."""
from __future__ import annotations

import copy
import pickle

import attrs
import pytest

from fecipher.engine import events as ev
from fecipher.engine.cards import Card, CardCopy
from fecipher.engine.decisions import Decision, Option
from fecipher.engine.frozen import quick_frozen
from fecipher.engine.modifiers import Modifier
from fecipher.engine.skills import Skill, SkillKind

QUICK = sorted({*ev.EVENT_TYPES.values(), Decision, Option, CardCopy, Modifier, Card, Skill}, key=lambda c: c.__name__)
# Values a class's __attrs_post_init__ checks or its repr reads.
VALID = {(Modifier, "stat"): "attack", (Modifier, "duration"): "end_of_turn",
         (CardCopy, "card"): Card("Marth", "Lodestar", ("T01-001",), 1), (Skill, "kind"): SkillKind.ACTION}


def _args(cls, tag=""):
    """A distinct value for every field attrs' __init__ takes (positional, keyword-only)."""
    pos, kw = [], {}
    for f in attrs.fields(cls):
        if not f.init:
            continue
        v = VALID.get((cls, f.name)) or f"{cls.__name__}.{f.name}{tag}"
        if f.kw_only:
            kw[f.alias or f.name] = v
        else:
            pos.append(v)
    return pos, kw


def _by_value(cls) -> bool:
    """Instances compare by their fields (not Card and Skill, which compare by identity)."""
    return cls.__eq__ is not object.__eq__


def _slow(cls, *args, **kw):
    obj = object.__new__(cls)
    cls._attrs_init(obj, *args, **kw)
    return obj


def test_every_event_type_decision_and_option_is_made_quickly():
    assert len(QUICK) > 40
    for cls in QUICK:
        assert "_attrs_init" in cls.__dict__, cls          # converted (fails without quick_frozen)
        assert cls.__init__ is object.__init__


@pytest.mark.parametrize("cls", QUICK, ids=lambda c: c.__name__)
def test_fields_are_the_ones_attrs_sets(cls):
    pos, kw = _args(cls)
    quick, slow = cls(*pos, **kw), _slow(cls, *pos, **kw)
    assert type(quick) is cls
    for f in attrs.fields(cls):
        assert getattr(quick, f.name) is getattr(slow, f.name), f.name
    if _by_value(cls):
        assert quick == slow and hash(quick) == hash(slow)
    assert repr(quick) == repr(slow)
    # By keyword, and with every default (and factory) left to the class.
    required = {f.alias or f.name: VALID.get((cls, f.name)) or f"{f.name}!" for f in attrs.fields(cls)
                if f.init and f.default is attrs.NOTHING}
    quick, slow = cls(**required), _slow(cls, **required)
    for f in attrs.fields(cls):
        q, s = getattr(quick, f.name), getattr(slow, f.name)
        if isinstance(f.default, attrs.Factory):
            assert q == s and q is not getattr(cls(**required), f.name)   # a fresh one each time
        else:
            assert q is s, f.name


@pytest.mark.parametrize("cls", QUICK, ids=lambda c: c.__name__)
def test_immutable(cls):
    """Design rule 3: no field of a made object can be set or deleted."""
    pos, kw = _args(cls)
    obj = cls(*pos, **kw)
    for f in attrs.fields(cls):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(obj, f.name, 1)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            delattr(obj, f.name)
        with pytest.raises(AttributeError):
            object.__getattribute__(obj, "__dict__")   # no dict to write into either
    assert getattr(obj, attrs.fields(cls)[0].name) == (pos or list(kw.values()))[0]


@pytest.mark.parametrize("cls", QUICK, ids=lambda c: c.__name__)
def test_attrs_api_copy_and_pickle(cls):
    pos, kw = _args(cls)
    obj = cls(*pos, **kw)
    first = attrs.fields(cls)[0]
    new = VALID.get((cls, first.name)) and "support" or "other"
    changed = attrs.evolve(obj, **{first.alias or first.name: new})
    assert type(changed) is cls and getattr(changed, first.name) == new
    assert attrs.asdict(obj, recurse=False) == {f.name: getattr(obj, f.name) for f in attrs.fields(cls)}
    assert copy.copy(obj) == obj or not _by_value(cls)
    for other in (copy.copy(obj), copy.deepcopy(obj), pickle.loads(pickle.dumps(obj))):
        assert type(other) is cls and repr(other) == repr(obj)   # (a Card compares by identity)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(other, first.name, 1)


def test_the_builder_is_never_seen():
    """The builder class (which accepts assignment) is not an event type and no made
    object is of it."""
    assert all("<builder>" not in c.__qualname__ for c in ev.EVENT_TYPES.values())
    assert all(type(c(*_args(c)[0], **_args(c)[1])) is c for c in QUICK)
    assert ev.Event.__subclasses__() and all(
        not c.__dict__.get("_quick_frozen_builder") for c in ev.Event.__subclasses__())


def test_subclasses_are_made_as_attrs_makes_them():
    class Plain(Option):                   # an integrator's subclass (tests/test_48 has one)
        pass

    o = Plain("pass", card=3, label="x")
    assert type(o) is Plain and (o.kind, o.card, o.label) == ("pass", 3, "x") and o == Plain("pass", card=3)

    @attrs.frozen
    class More(ev.CardMoved):              # an event type of its own, with a field more
        extra: int = 0

    m = More(0, 1, "n", "hand", "deck", extra=5)
    assert type(m) is More and (m.card, m.extra) == (1, 5) and ev.EVENT_TYPES["more"] is More
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        m.extra = 6
    del ev.EVENT_TYPES["more"]


def test_post_init_is_called_on_the_made_object():
    """Modifier checks its stat and duration after attrs' __init__: still refused."""
    with pytest.raises(ValueError, match="unknown stat"):
        Modifier("no such stat", "add", 10, "end_of_turn", 0)
    with pytest.raises(ValueError, match="unknown duration"):
        Modifier("attack", "add", 10, "forever", 0)
    assert Modifier("attack", "add", 10, "end_of_turn", 0).value == 10


def test_what_cannot_be_reproduced_is_refused():
    @attrs.frozen
    class Validated:
        __module__ = "fecipher.engine.probe"
        x: int = attrs.field(validator=attrs.validators.instance_of(int))

    @attrs.frozen
    class Hooked:
        __module__ = "fecipher.engine.probe"
        x: int

        def __attrs_pre_init__(self):
            pass

    @attrs.define
    class NotFrozen:
        __module__ = "fecipher.engine.probe"
        x: int

    for cls, why in ((Validated, "validators"), (Hooked, "pre-init"), (NotFrozen, "frozen classes")):
        with pytest.raises(ValueError, match=why):
            quick_frozen(cls)


def test_only_the_engines_own_classes_are_made_from_generated_source():
    # The generated __new__ is source text made of field names: only classes of the engine's
    # modules, with plain identifiers, ever reach it (never anything a card pack defines).
    @attrs.frozen
    class Elsewhere:
        x: int

    with pytest.raises(ValueError, match="only the engine's own"):
        quick_frozen(Elsewhere)
    from fecipher.engine.frozen import _identifier
    assert _identifier("card") and not _identifier("class") and not _identifier("x=0):")
    assert not _identifier("__import__")
