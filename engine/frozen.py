"""Quicker construction of the engine's most-made immutable values (events,
``Decision``, ``Option``): the same attrs classes, built for a third of the work.

An ``attrs.frozen`` class refuses assignment with a ``__setattr__`` of its own, so
its generated ``__init__`` must write each field through ``object.__setattr__``: a
call through C's generic paths per field, about 8,000 machine instructions for a
six-field object against about 3,000 for the same class not frozen (cachegrind).
Self-play makes about 10,000 of them in 5 games.

:func:`quick_frozen` keeps the class exactly as attrs made it (``attrs.fields``,
``attrs.evolve``, ``==``, ``hash``, ``repr``, the refusal of assignment and
deletion) and replaces only how an instance is made: a ``__new__`` with the same
signature as attrs' ``__init__`` makes the instance as a *builder*, a subclass with
the same slots that does not refuse assignment (so each field is one plain store),
fills every field, then turns it into the frozen class by assigning ``__class__``
(the two have the same layout, which CPython checks). What the caller receives is
an instance of the frozen class, never of the builder: nothing outside this module
sees the builder, and once the object is returned no field can be set or deleted
(``tests/test_26_fast_frozen.py`` checks both, and that every field of every
converted class is the one attrs' own ``__init__`` sets, defaults and factories
included).

The ``__new__`` is generated from the class's attrs fields, as attrs generates its
``__init__``: only from the names of our own classes' fields (never from pack
data), and only for what it can reproduce exactly; a class with a validator, a
converter, an ``on_setattr`` hook, a ``__attrs_pre_init__`` or a factory taking
``self`` is refused (ValueError), not converted approximately; ``__attrs_post_init__``
is called last, on the frozen instance, as attrs calls it.
"""
from __future__ import annotations

import copyreg
from typing import Any

import attrs

_new_object = object.__new__


def _rebuild(cls: type, state: tuple) -> Any:
    """An instance of ``cls`` from the values ``__getstate__`` gave (copy and pickle)."""
    obj = _new_object(cls)
    obj.__setstate__(state)
    return obj


def _reduce_ex(self: Any, protocol: int) -> tuple:
    # copy / deepcopy / pickle: ``__new__`` takes the fields, so the default protocol
    # (``cls.__new__(cls)`` then ``__setstate__``) would not call it with them.
    return _rebuild, (type(self), self.__getstate__())


def quick_frozen(cls: type) -> type:
    """Give the attrs frozen slotted class ``cls`` the quick construction described
    above; returns ``cls``. A subclass of ``cls`` is made as attrs makes it."""
    if not (attrs.has(cls) and "__slots__" in cls.__dict__ and cls.__setattr__ is not object.__setattr__):
        raise ValueError(f"{cls.__name__}: quick_frozen is for attrs frozen classes with slots")
    if hasattr(cls, "__attrs_pre_init__"):
        raise ValueError(f"{cls.__name__}: a pre-init hook is not reproduced")
    params: list[str] = []
    kw_params: list[str] = []
    body: list[str] = []
    ns: dict[str, Any] = {"_new_object": _new_object, "NOTHING": attrs.NOTHING}
    for i, f in enumerate(attrs.fields(cls)):
        # The generated source holds nothing but these names (each values' place is a
        # namespace entry): only identifiers of a class defined in the engine's own modules,
        # never text from a card pack (design rule 5), as attrs itself writes its __init__.
        if not (cls.__module__.startswith("fecipher.engine.") and _identifier(f.name)
                and _identifier(f.alias or f.name)):
            raise ValueError(f"{cls.__name__}.{f.name}: only the engine's own classes and fields are made quickly")
        if f.validator is not None or f.converter is not None or f.on_setattr not in (None, attrs.setters.NO_OP):
            raise ValueError(f"{cls.__name__}.{f.name}: validators, converters and setattr hooks are not reproduced")
        default = f.default
        factory = isinstance(default, attrs.Factory)
        if factory and default.takes_self:
            raise ValueError(f"{cls.__name__}.{f.name}: a factory taking self is not reproduced")
        if not f.init:
            if default is attrs.NOTHING:
                continue   # (attrs leaves it unset as well)
            ns[f"_d{i}"] = default.factory if factory else default
            body.append(f"self.{f.name} = _d{i}()" if factory else f"self.{f.name} = _d{i}")
            continue
        arg = f.alias or f.name
        if default is attrs.NOTHING:
            param = arg
        elif factory:
            ns[f"_f{i}"] = default.factory
            param = f"{arg}=NOTHING"
        else:
            ns[f"_d{i}"] = default
            param = f"{arg}=_d{i}"
        (kw_params if f.kw_only else params).append(param)
        if factory:
            body.append(f"self.{f.name} = _f{i}() if {arg} is NOTHING else {arg}")
        else:
            body.append(f"self.{f.name} = {arg}")
    orig_init = cls.__init__
    cls.__init_subclass__ = _subclass_hook(cls, orig_init)
    builder = type(cls.__name__, (cls,), {
        "__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__,
        "__qualname__": cls.__qualname__ + ".<builder>", "__module__": cls.__module__,
        "_quick_frozen_builder": True})
    ns["_builder"] = builder
    signature = ", ".join(["cls"] + params + (["*"] + kw_params if kw_params else []))
    source = (f"def __new__({signature}):\n"
              f"    self = _new_object(_builder)\n"
              + "".join(f"    {line}\n" for line in body) +
              f"    self.__class__ = cls\n"
              + ("    self.__attrs_post_init__()\n" if hasattr(cls, "__attrs_post_init__") else "") +
              f"    return self\n")
    exec(compile(source, f"<quick_frozen {cls.__module__}.{cls.__qualname__}>", "exec"), ns)   # noqa: S102
    new = ns["__new__"]
    new.__qualname__ = f"{cls.__qualname__}.__new__"
    new.__doc__ = f"A {cls.__name__}, made as :func:`fecipher.engine.frozen.quick_frozen` describes."
    cls.__new__ = staticmethod(new)
    cls.__init__ = object.__init__      # (the fields are set: nothing left for __init__ to do)
    cls.__reduce_ex__ = _reduce_ex
    cls._attrs_init = orig_init         # (attrs' own, kept for the test that compares the two)
    return cls


def _identifier(name: str) -> bool:
    import keyword
    return name.isidentifier() and not keyword.iskeyword(name) and not name.startswith("__")


def _plain_new(cls: type, *args: Any, **kw: Any) -> Any:
    return _new_object(cls)


def _subclass_hook(own: type, attrs_init: Any) -> classmethod:
    """``own.__init_subclass__``: the generated ``__new__`` makes an instance of ``own``
    with its fields, so a subclass (an integrator's, or an attrs subclass with fields
    of its own) is made as attrs makes it: with its own ``__init__`` when it has one
    (a plain ``__new__``), else with attrs' ``__init__`` of ``own``, called by its
    ``__new__`` (not put in its dict as ``__init__``: attrs would then take it for the
    subclass's own and not write one). The builder is not a subclass for anyone (not
    an event type, for one): the hooks of the classes above are not run for it."""
    def __init_subclass__(sub: type, **kw: Any) -> None:
        if "_quick_frozen_builder" in sub.__dict__:
            return
        super(own, sub).__init_subclass__(**kw)
        if "__init__" in sub.__dict__:
            sub.__new__ = staticmethod(_plain_new)
        else:
            def __new__(cls: type, *args: Any, **kw: Any) -> Any:
                obj = _new_object(cls)
                attrs_init(obj, *args, **kw)
                return obj
            sub.__new__ = staticmethod(__new__)
    return classmethod(__init_subclass__)


copyreg.constructor(_rebuild)
