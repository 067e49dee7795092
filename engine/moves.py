"""Where cards and units move: the primitive changes of the game's areas.

Drawing, moving a card between areas, flipping bonds and orbs, deploying,
levelling up and class changing, growth, tapping, moving between lines,
removing and destroying units, breaking and destroying orbs. Every rule and every
skill changes the areas through these, and each change is published as an event
(what a skill may change or replace is proposed first). :class:`Moves` is a base
of :class:`fecipher.engine.game.Game`.

Hidden information is kept here as well (:mod:`fecipher.engine.visibility`): a card
that moves is forgotten by whoever knew it in a hidden place (``game.known``), and
an event naming a card that not both players saw records who did (``game.audience``).
"""
from __future__ import annotations

from typing import Iterator

from fecipher.engine import events as ev
from fecipher.engine import modifiers as M
from fecipher.engine.cards import CardCopy
from fecipher.engine.decisions import Decision, Option
from fecipher.engine.skills import SkillKind
from fecipher.engine.state import BACK, BONDS, DECK, FIELD, FRONT, HAND, ORBS, RETREAT, SUPPORT, Bond, LastKnown, Orb, Unit

# Who sees a card arriving in an area (a bit mask per player, engine/visibility.py):
# the owner's hand (bit 1 << owner) is worked out where it is used.
_HIDDEN_DEST = {DECK: 0, ORBS: 0}   # (move_card puts orbs face-down)


class Moves:
    """The primitive changes of the areas (a base of :class:`~fecipher.engine.game.Game`)."""

    # ------------------------------------------------------------------ primitives: cards
    def ensure_deck(self, player: int) -> None:
        """Rule 7: an empty deck is at once replaced by the shuffled Retreat Area."""
        p = self.players[player]
        if not p.deck and p.retreat:
            p.deck = list(p.retreat)
            p.retreat.clear()
            self.rng.shuffle(p.deck)
            self.emit(ev.Reshuffled(player, len(p.deck)))

    def draw(self, player: int, n: int = 1) -> list[CardCopy]:
        """``player`` draws ``n`` cards one at a time (rule 7 reshuffles an empty deck);
        returns the cards drawn. Before each card a rule forbidding the player's draws
        is asked (engine decision 55: "cannot draw cards" under a condition on the hand
        caps the draw); a card not drawn publishes nothing, and the draw stops there."""
        from fecipher.engine.deployment import draw_ban_refusal
        drawn = []
        p = self.players[player]
        for _ in range(n):
            if draw_ban_refusal(self, player) is not None:
                break
            self.ensure_deck(player)
            if not p.deck:
                break
            c = p.deck.pop(0)
            p.hand.append(c)
            drawn.append(c)
            # Seen by the drawer (and by whoever knew the card on the deck).
            seen = (1 << player) | (self.known.pop(c.id, 0) if self.known else 0)
            if seen != 3:
                self.audience[len(self.events)] = seen
            self.emit(ev.Drew(player, c.id, c.card.name))
            self.ensure_deck(player)
        return drawn

    def take_from_deck_top(self, player: int) -> CardCopy | None:
        """Remove and return the top card of a deck (for support, orbs ...), reshuffling first."""
        self.ensure_deck(player)
        p = self.players[player]
        if not p.deck:
            return None
        c = p.deck.pop(0)
        if self.known:
            self.known.pop(c.id, None)   # (moved: forgotten)
        self.ensure_deck(player)
        return c

    def _remove_card(self, copy: CardCopy) -> str:
        """Take a card out of its area; returns the area. Who could see it there is
        left in ``_seen_before`` (a bit mask), and whoever knew it forgets it."""
        area, where = self.locate(copy)
        p = self.players[copy.owner]
        if area == HAND:
            seen = 1 << copy.owner
        elif area == DECK:
            seen = 0
        elif area == ORBS:
            seen = 3 if where.face_up else 0
        else:
            seen = 3
        if self.known:
            seen |= self.known.pop(copy.id, 0)
        self._seen_before = seen
        if area == BONDS:
            p.bonds.remove(where)
        elif area == ORBS:
            p.orbs.remove(where)
        elif area == "field":
            unit = where
            top = unit.cards[0] is copy
            if len(unit.cards) == 1:
                self._remember_leaving(unit)   # (its values need its card and the effects on it)
            unit.cards.remove(copy)
            self._field_changed()
            if not unit.cards:
                self._remove_unit_object(unit)
                self._emptied_unit = unit
            elif top:
                self._top_card_left(unit)
        else:
            where.remove(copy)
        return area

    def _top_card_left(self, unit: Unit) -> None:
        """The top card of ``unit``'s stack has left it and cards are left (engine decision
        41). The next card is its top card at once (the unit's values are never those of a
        card no longer in it); the unit stays class changed only while its stack has 2 or
        more cards and one of them has a class-change cost (004: the cards under a promoted
        card are what shows it promoted); a stack of one card is neither levelled up nor
        class changed. Its owner chooses the new top card among the cards left when the
        move is done (:meth:`settle_stack_tops`)."""
        unit.class_changed = (unit.class_changed and len(unit.cards) >= 2
                              and any(c.card.is_promoted for c in unit.cards))
        if unit not in self.tops_to_choose:
            self.tops_to_choose.append(unit)

    def settle_stack_tops(self) -> Iterator[Decision]:
        """Engine decision 41: after the top card of a unit's stack has left it, the unit's
        owner chooses its new top card among the cards left (B16-041SR: "your opponent
        chooses their Main Character's new topmost card from the cards in their Main
        Character's stack"; no choice with one card left), and a TopCardChanged event says
        which card the unit is now. Called by whatever moved the card once its move is
        done (an effect's verb after each card; a skill's cost or effect at its end)."""
        from fecipher.engine.decisions import CARD, choose
        if self.metamorphoses:
            yield from self.settle_metamorphoses()
        while self.tops_to_choose:
            unit = self.tops_to_choose.pop(0)
            if self.unit(unit.id) is not unit or not unit.cards:
                continue
            if len(unit.cards) > 1:
                opts = [Option(CARD, card=c.id, label=c.card.name) for c in unit.cards]
                got = yield from choose(unit.owner, f"Choose the new top card of {unit.card.name}'s stack", opts)
                card = next(c for c in unit.cards if c.id == got[0].card)
                if card is not unit.cards[0]:
                    unit.cards.remove(card)
                    unit.cards.insert(0, card)
                    self._field_changed()
            top = unit.cards[0]
            self.emit(ev.TopCardChanged(unit.owner, unit.id, top.id, top.card.name, unit.class_changed))

    def settle_metamorphoses(self) -> Iterator[Decision]:
        """Engine decision 43: a card placed in its owner's Support Area whose SPEC rule says
        "When this card is placed in your support area, stack this support card on top of an
        allied "Ike" as a metamorphosis" (B12-002SR) leaves the Support Area at once and goes
        on top of the stack of one of its owner's units with that unit name (its owner
        chooses when there are several; with none it stays a support card). The unit is that
        card now (its values and skills), the same unit, its tapped and class-changed state
        as they were; it is neither levelled up nor class changed by it (no class-change
        draw, nothing triggers as a level up or class change), published as Metamorphosed.
        The combat goes on without that player's support card."""
        from fecipher.engine.decisions import UNIT, choose
        while self.metamorphoses:
            copy = self.metamorphoses.pop(0)
            p = self.players[copy.owner]
            if copy not in p.support:
                continue
            names = frozenset(r.split(":", 1)[1] for s in copy.card.skills for r in s.rules
                              if r.startswith("metamorph:"))
            units = [u for u in p.units if self.unit_names(u) & names]
            if not units:
                continue
            unit = units[0]
            if len(units) > 1:
                opts = [Option(UNIT, unit=u.id, label=u.card.name) for u in units]
                got = yield from choose(copy.owner, f"Choose the unit {copy.card.name} is stacked onto", opts)
                unit = next(u for u in units if u.id == got[0].unit)
            if self.unit(unit.id) is not unit or copy not in p.support:
                continue
            self._remove_card(copy)
            unit.cards.insert(0, copy)
            self._field_changed()
            self.emit(ev.Metamorphosed(copy.owner, unit.id, copy.id, copy.card.name))

    def metamorphoses_on_support(self, copy: CardCopy) -> None:
        """Queue ``copy``, just placed in its owner's Support Area, when a SPEC rule of its
        card stacks it onto a unit as a metamorphosis (:meth:`settle_metamorphoses`)."""
        if any(r.startswith("metamorph:") for s in copy.card.skills for r in s.rules):
            self.metamorphoses.append(copy)

    def move_card(self, copy: CardCopy, dest: str, *, by_skill: bool = False,
                  face_up: bool = True, bottom: bool = False) -> None:
        """Move one card between areas (not onto the field: see :meth:`deploy`).

        Moving a unit's only card takes the unit off the field (UnitLeftField,
        then a march if due), as :meth:`remove_unit` does."""
        self._emptied_unit = None
        src = self._remove_card(copy)
        emptied, self._emptied_unit = self._emptied_unit, None
        p = self.players[copy.owner]
        if dest == BONDS:
            p.bonds.append(Bond(copy, face_up))
        elif dest == ORBS:
            p.orbs.append(Orb(copy, face_up=False))
        elif dest == DECK:
            if bottom:
                p.deck.append(copy)
            else:
                p.deck.insert(0, copy)
        else:
            getattr(p, dest).append(copy)
            if dest == SUPPORT and self.battle is not None:
                # A card a skill places in the Support Area during a combat is its player's
                # support card in that combat (docs/rules.md, "A card placed in the Support
                # Area by a skill"): it is judged and its support skill activates as the
                # top card of the deck put there would.
                self.battle.supports[copy.owner] = copy
            if dest == SUPPORT:
                self.metamorphoses_on_support(copy)
        if self._seen_before != 3:
            seen = self._seen_before | (1 << copy.owner if dest == HAND else _HIDDEN_DEST.get(dest, 3))
            if seen != 3:
                self.audience[len(self.events)] = seen
        self.emit(ev.CardMoved(copy.owner, copy.id, copy.card.name, src, dest, by_skill))
        if dest == BONDS:
            self.emit(ev.BondPlaced(copy.owner, copy.id, copy.card.name, face_up, by_skill))
        if src == DECK or dest == RETREAT:
            self.ensure_deck(copy.owner)
        if emptied is not None:
            self.emit(ev.UnitLeftField(emptied.owner, emptied.id, copy.card.name, dest, (copy.id,)))
            self.check_march()

    def flip_bond(self, bond: Bond, face_up: bool) -> None:
        bond.face_up = face_up
        self.emit(ev.BondFlipped(bond.copy.owner, bond.copy.id, bond.copy.card.name, face_up))

    def flip_orb(self, orb: Orb, face_up: bool) -> None:
        orb.face_up = face_up
        if self.known:
            self.known.pop(orb.copy.id, None)   # face-up: public; face-down: forgotten
        self.emit(ev.OrbFlipped(orb.copy.owner, orb.copy.id, face_up))

    def shuffle_deck(self, player: int) -> None:
        deck = self.players[player].deck
        if self.known:
            for c in deck:   # (a shuffled deck's cards are forgotten)
                self.known.pop(c.id, None)
        self.rng.shuffle(deck)
        self.emit(ev.Shuffled(player, DECK))

    def look_at(self, player: int, cards: list[CardCopy], source: str) -> None:
        """``player`` looks at ``cards`` (all in one area, ``source``): a LookedAt event
        that names them to that player only; they know the cards until they move."""
        if not cards:
            return
        me = 1 << player
        others = 3
        for c in cards:
            area, where = self.locate(c)
            seen = (1 << c.owner if area == HAND else 0 if area == DECK
                    else (3 if where.face_up else 0) if area == ORBS else 3) | self.known.get(c.id, 0)
            others &= seen
            if not seen & me:
                self.known[c.id] = seen | me
        if (others | me) != 3:
            self.audience[len(self.events)] = others | me
        self.emit(ev.LookedAt(player, len(cards), tuple(c.id for c in cards), tuple(c.card.name for c in cards),
                              source, cards[0].owner))

    def reveal(self, cards: list[CardCopy], source: str) -> None:
        """Show ``cards`` (all in one area, ``source``) to both players (a Revealed
        event); a card in a hidden place stays known to both until it moves."""
        if not cards:
            return
        for c in cards:
            area, where = self.locate(c)
            if area in (HAND, DECK) or (area == ORBS and not where.face_up):
                self.known[c.id] = 3
        self.emit(ev.Revealed(cards[0].owner, tuple(c.id for c in cards), tuple(c.card.name for c in cards), source))

    # ------------------------------------------------------------------ primitives: units
    def deploy(self, copy: CardCopy, area: str, *, by_skill: bool = False, tapped: bool = False,
               cost: int = 0, skill: str = "") -> Unit:
        """Put a card onto the field as a new unit (``deployed_from``: the area it left)."""
        self.deployed_from = self._remove_card(copy)
        unit = self.new_unit(copy.owner, [copy], area)
        unit.tapped = tapped
        self.players[copy.owner].line(area).append(unit)
        self._field_changed()
        self.emit(ev.Deployed(copy.owner, unit.id, copy.id, copy.card.name, area, cost, by_skill or bool(skill),
                              skill))
        return unit

    def place_on_unit(self, copy: CardCopy, unit: Unit, *, class_change: bool, by_skill: bool = False,
                      cost: int = 0, skill: str = "") -> None:
        """Level up (or class change) ``unit`` with ``copy`` on top of its stack.

        A class change draws one card (the class-change bonus) before the
        ClassChanged event, so "when class changed" skills come after the draw.
        """
        if class_change:
            self._note_cc_cost_specs(copy)
        self._remove_card(copy)
        unit.cards.insert(0, copy)
        self._field_changed()
        if class_change:
            # (A level up keeps a class-changed unit class changed: 004, "counted as promoted".)
            unit.class_changed = True
            self.draw(unit.owner, 1)
            self.emit(ev.ClassChanged(unit.owner, unit.id, copy.id, copy.card.name, cost, by_skill or bool(skill),
                                      skill))
        else:
            self.emit(ev.LeveledUp(unit.owner, unit.id, copy.id, copy.card.name, cost, by_skill or bool(skill),
                                   skill=skill))

    def _note_cc_cost_specs(self, copy: CardCopy) -> None:
        """Remember which of the card's own SPEC skills changed its class-change cost as it
        class changes a unit (they apply in the hand, their condition holding then: "If you
        have 5 or more Bond cards, this card's Class Change Cost becomes 5"), for "if this
        unit's "X" was in effect" (B12-061R)."""
        from fecipher.engine.card_values import _own_spec_effects
        from fecipher.engine.skills import SkillContext
        specs = [s for s, ce in _own_spec_effects(copy.card) if ce.stat == M.CARD_CC_COST]
        if not specs and copy.id not in self.cc_cost_specs:
            return
        used = frozenset()
        if self.locate(copy)[0] == HAND:
            used = frozenset(s.name for s in specs if s.condition is None or s.condition(
                SkillContext(self, s, copy.owner, copy, None, data={"levelling": True})))
        self.cc_cost_specs[copy.id] = used

    def grow(self, copy: CardCopy, unit: Unit) -> None:
        """Growth: a card put under a unit. The unit is levelled up, nothing triggers as a level up."""
        self._remove_card(copy)
        unit.cards.append(copy)
        self._field_changed()
        if unit.card.is_promoted:
            # 001 (成長): a grown unit counts as levelled up (class changed): with a
            # class-change card on top it is class changed, with no draw.
            unit.class_changed = True
        self.emit(ev.LeveledUp(unit.owner, unit.id, copy.id, copy.card.name, 0, True, growth=True))

    def stack_under(self, copy: CardCopy, unit: Unit) -> None:
        """A skill stacks a card under a unit without a Growth ("reveal the top 4 cards of
        your Deck and stack them beneath this unit": any unit name). The stack grows (LvS
        counts it, and a stack of 2 or more cards is levelled up), the top card stays as it
        is: no level up, no class change, nothing triggers as a growth. Published as the
        card's move to the field (``CardMoved`` to ``"field"``)."""
        self._emptied_unit = None
        src = self._remove_card(copy)
        emptied, self._emptied_unit = self._emptied_unit, None
        unit.cards.append(copy)
        self._field_changed()
        # (the field is seen by both: the move names the card to both players)
        self.emit(ev.CardMoved(copy.owner, copy.id, copy.card.name, src, "field", True))
        if src == DECK:
            self.ensure_deck(copy.owner)
        if emptied is not None:   # (a card of another unit's stack that was its only card)
            self.emit(ev.UnitLeftField(emptied.owner, emptied.id, copy.card.name, "field", (copy.id,)))
            self.check_march()

    def tap(self, unit: Unit, *, by_skill: bool = False) -> None:
        if not unit.tapped:
            unit.tapped = True
            self.emit(ev.Tapped(unit.owner, unit.id, unit.name, by_skill))

    def can_untap(self, unit: Unit) -> bool:
        """A tapped unit untaps unless a skill says it "cannot untap"."""
        return unit.tapped and not self.flag(unit, M.CANNOT_UNTAP)

    def untap(self, unit: Unit, *, by_skill: bool = False) -> None:
        if self.can_untap(unit):
            unit.tapped = False
            self.emit(ev.Untapped(unit.owner, unit.id, unit.name, by_skill))

    def can_be_moved(self, unit: Unit, *, by_skill: bool = False) -> bool:
        """Whether no skill forbids moving the unit ("cannot move", "cannot be moved by
        skills", "... by enemy skills or your opponent's support skills"); a replacement of
        the move itself is not foreseen here. A skill's move is asked with the skill being
        carried out (its cost or effect, ``acting``): ``player``, its controller, and
        ``source``, "unit" for a skill of a unit, "support" for a support skill, "other"
        for a bond, hand or Retreat Area skill."""
        if by_skill:
            player, source = None, None
            if self.acting:
                ctx = self.acting[-1][0]
                kind = ctx.skill.kind
                player = ctx.controller
                source = ("support" if kind is SkillKind.SUPPORT else
                          "unit" if kind in (SkillKind.ACTION, SkillKind.AUTOMATIC, SkillKind.CONTINUOUS)
                          and ctx.unit_id is not None else "other")
            if self.flag(unit, M.CANNOT_BE_MOVED_BY_SKILLS, player=player, source=source):
                return False
        return not self.flag(unit, M.CANNOT_MOVE)

    def move_units(self, units: list[Unit], *, by_skill: bool = False) -> list[Unit]:
        """Move several units to the other line by one effect ("move both this unit and that
        ally"): each goes to the line it was not in, one Moved event each, in the order given;
        rule 2's march is checked once, after all of them (a line left empty for a moment by
        the first move is not marched from). Returns the units moved (one that cannot be
        moved stays; the others still move)."""
        moved = [u for u in units if self.move_unit(u, by_skill=by_skill, march=False)]
        self.check_march()
        return moved

    def move_unit(self, unit: Unit, *, by_skill: bool = False, march: bool = True) -> bool:
        """Move a unit to the other line. Returns False if something prevented it."""
        if not self.can_be_moved(unit, by_skill=by_skill):
            return False
        dest = BACK if unit.area == FRONT else FRONT
        e = self.propose(ev.Moved(unit.owner, unit.id, unit.name, unit.area, dest, by_skill))
        if e is None:
            return False
        p = self.players[unit.owner]
        p.line(unit.area).remove(unit)
        unit.area = dest
        p.line(dest).append(unit)
        self._units_reordered()
        self.emit(e)
        if march:
            self.check_march()
        return True

    def check_march(self) -> None:
        """Rule 2: the non-turn player with an empty Front Line marches at once."""
        if self.phase == "setup":
            return
        player = 1 - self.turn_player
        p = self.players[player]
        if p.front or not p.back:
            return
        moved = list(p.back)
        p.back.clear()
        for u in moved:
            u.area = FRONT
            p.front.append(u)
        self._units_reordered()
        self.emit(ev.Marched(player, tuple(u.id for u in moved)))

    def _remember_leaving(self, unit: Unit) -> None:
        """Keep a unit's last-known information (``last_known``) as it leaves the field:
        its names, symbols, types and cost computed now, with the effects on it, before
        they end with it (docs/rules.md, "Last-known information")."""
        self.last_known[unit.id] = LastKnown(
            unit.id, unit.owner, unit.cards[0].id, self.unit_names(unit), self.symbols(unit),
            self.types(unit), self.cost(unit), unit.is_main_character)

    def _remove_unit_object(self, unit: Unit) -> None:
        p = self.players[unit.owner]
        if unit in p.front:
            p.front.remove(unit)
        elif unit in p.back:
            p.back.remove(unit)
        self._units.pop(unit.id, None)
        self._field_changed()
        self._drop_unit_modifiers(unit.id)

    def remove_unit(self, unit: Unit, dest: str = RETREAT, *, by_skill: bool = False, face_up: bool = True,
                    bottom: bool = False, march: bool = True) -> None:
        """A unit leaves the field: its whole stack goes to ``dest`` (to the Bond Area
        face-up, or face-down where a skill says so; to the top of the deck, or to its
        bottom with ``bottom``, the stack's top card first)."""
        p = self.players[unit.owner]
        cards = list(unit.cards)
        self._remember_leaving(unit)
        self._remove_unit_object(unit)
        if dest == HAND:
            p.hand.extend(cards)
        elif dest == DECK and bottom:
            p.deck.extend(cards)
        elif dest == DECK:
            p.deck[0:0] = cards
        elif dest == BONDS:
            p.bonds.extend(Bond(c, face_up) for c in cards)
        else:
            getattr(p, dest).extend(cards)
        self.emit(ev.UnitLeftField(unit.owner, unit.id, unit.card.name, dest, tuple(c.id for c in cards)))
        if dest == RETREAT:
            self.ensure_deck(unit.owner)
        if march:
            self.check_march()

    def destroy_together(self, units: list[Unit], *, by_player: int, by_unit: Unit | None = None,
                         skill: str | None = None) -> Iterator[Decision]:
        """Destroy several units by one effect at once ("destroy this unit and that ally",
        B12-006R): each destruction is proposed and published while all of them are still on
        the field (so a skill of one of them triggered by the other's destruction sees it, as
        for any units destroyed at the same moment), then they leave the field together and
        rule 2's march is checked once, after all of them (engine decision 50). A unit that
        cannot be destroyed, or whose destruction a replacement stops, stays; the others are
        destroyed all the same. A Main Character among them breaks an orb instead, after the
        publications. Returns the units destroyed."""
        done = []
        for unit in units:
            if self.unit(unit.id) is not unit or not self.can_be_destroyed(
                    unit, by_player=by_player, in_battle=False, by_unit=by_unit):
                continue
            e = ev.UnitDestroyed(unit.owner, unit.id, unit.card.name, unit.is_main_character, False, by_player,
                                 by_unit.id if by_unit else None, skill)
            e = (yield from self.propose_asking(e)) if ev.UnitDestroyed in self._replacement_types \
                else self.bus.propose(self, e)
            if e is None:
                continue
            self.emit(e)
            done.append((unit, e))
        for unit, e in done:
            if unit.is_main_character:
                yield from self.break_orbs(unit.owner, 1, by_unit.id if by_unit else None, destroyed=e)
            elif self.unit(unit.id) is unit and e.dest != FIELD:
                self.remove_unit(unit, e.dest, march=False)
        self.check_march()
        return [u for u, _ in done]

    def destroy(self, unit: Unit, *, by_player: int, in_battle: bool,
                by_unit: Unit | None = None, skill: str | None = None, by_cost: bool = False) -> Iterator[Decision]:
        """Destroy a unit (rule 4 and 6). An MC stays on the field and breaks orbs.
        ``by_cost``: a skill's cost destroys it, not its effect ("cannot be destroyed by
        the effect of skills" does not stop it).

        Returns True when the unit was destroyed (not prevented).
        """
        if not self.can_be_destroyed(unit, by_player=by_player, in_battle=in_battle, by_unit=by_unit,
                                     by_cost=by_cost):
            return False
        e = ev.UnitDestroyed(unit.owner, unit.id, unit.card.name, unit.is_main_character, in_battle, by_player,
                             by_unit.id if by_unit else None, skill)
        # (a replacement may ask, pay a cost or run an effect: proposed where the flow can ask;
        # with no replacement of a destruction in the game, straight to the bus)
        e = (yield from self.propose_asking(e)) if ev.UnitDestroyed in self._replacement_types \
            else self.bus.propose(self, e)
        if e is None:
            return False
        self.emit(e)
        if unit.is_main_character:
            count = self.orbs_broken_by(by_unit) if (by_unit is not None and in_battle) else 1
            yield from self.break_orbs(unit.owner, count, by_unit.id if by_unit else None, destroyed=e)
        elif self.unit(unit.id) is unit and e.dest != FIELD:
            # A replacement may send it elsewhere ("instead"), or keep it on the field
            # ("you may destroy 1 orb instead of sending this unit to the retreat area").
            self.remove_unit(unit, e.dest)
        return True

    def can_be_destroyed(self, unit: Unit, *, by_player: int, in_battle: bool,
                         by_unit: Unit | None = None, by_cost: bool = False) -> bool:
        """Whether no skill forbids destroying the unit this way ("cannot be destroyed",
        "... in battle", "... by your opponent's skills", "... by skills of tome enemies":
        ``by_unit`` is the attacker, or the unit whose skill destroys); a replacement of the
        destruction itself ("instead") is not foreseen here."""
        if self.flag(unit, M.CANNOT_BE_DESTROYED):
            return False
        if in_battle:
            return not self.flag(unit, M.CANNOT_BE_DESTROYED_IN_BATTLE, attacker=by_unit)
        return not self.flag(unit, M.CANNOT_BE_DESTROYED_BY_SKILLS, player=by_player, source=by_unit, cost=by_cost)

    def can_change_defender(self, unit: Unit) -> bool:
        """Whether the attack in progress could be made to target ``unit`` instead: there is a
        battle, ``unit`` is on the field, an ally of the defender other than the defender, and
        no skill says it cannot be attacked by the attacker."""
        b = self.battle
        if b is None or self.unit(unit.id) is not unit or unit.id == b.defender:
            return False
        old = self.unit(b.defender)
        attacker = self.unit(b.attacker)
        if old is None or attacker is None or unit.owner != old.owner:
            return False
        return not self.flag(unit, M.CANNOT_BE_ATTACKED, attacker=attacker)

    def change_defender(self, unit: Unit) -> bool:
        """The attack in progress now targets ``unit`` ("this unit is attacked
        instead"): an ally of the defender that is on the field. Range is not
        checked again; "when attacked" skills do not trigger again. Returns False
        when there is no battle or nothing changed (or a replacement prevented it)."""
        if not self.can_change_defender(unit):
            return False
        b = self.battle
        old = self.unit(b.defender)
        e = self.propose(ev.DefenderChanged(b.attacking_player, b.attacker, old.id, unit.id, unit.card.name))
        if e is None:
            return False
        b.defender = unit.id
        self.emit(e)
        return True

    def break_orbs(self, player: int, count: int, by_unit: int | None = None,
                   destroyed: "ev.UnitDestroyed | None" = None) -> Iterator[Decision]:
        """Rule 4: the owner puts ``count`` orbs into the hand, one chosen at a time.
        With no orb left when the MC is destroyed, that player loses. A skill may send
        an orb elsewhere instead (``OrbGoing``, asked of each orb once it is chosen)."""
        e = self.propose(ev.OrbsBreaking(player, count, by_unit))
        if e is None:
            return
        assert isinstance(e, ev.OrbsBreaking)
        p = self.players[player]
        if not p.orbs:
            self.emit(e)
            reason = f"player {player + 1}'s Main Character was destroyed with no orb left"
            if ev.GameLosing in self._replacement_types:
                # Engine decision 56: the loss is offered to replacements ("instead of losing
                # the game") once the destruction and the orbs it breaks are published; replaced,
                # nothing is broken and the destroyed Main Character stays where the replacement
                # left it.
                losing = yield from self.propose_asking(
                    ev.GameLosing(player, reason, "no_orb", destroyed.unit if destroyed is not None else None))
                if losing is None:
                    return
            self.lose(player, reason)
        self.emit(e)
        for _ in range(max(0, e.count)):
            if not p.orbs:
                break
            from fecipher.engine.decisions import BREAK_ORB, CARD
            if len(p.orbs) == 1:
                orb = p.orbs[0]
            else:
                opts = tuple(
                    Option(CARD, card=o.copy.id,
                           label=(f"orb {i + 1} ({o.copy.card.name}, face-up)" if o.face_up else f"orb {i + 1} (face-down)"))
                    for i, o in enumerate(p.orbs))
                # (a skill of this game may send a broken orb elsewhere: the hand is not promised then)
                where = "" if ev.OrbGoing in self._replacement_types else " (it goes to your hand)"
                ans = yield Decision(player, BREAK_ORB, f"Choose an orb to break{where}", opts)
                orb = next(o for o in p.orbs if o.copy.id == ans.card)
            if destroyed is not None and ev.OrbGoing in self._replacement_types:
                b = self.battle
                going = ev.OrbGoing(player, orb.copy.id, destroyed.in_battle, destroyed.by_player,
                                    destroyed.by_unit, destroyed.by_skill,
                                    bool(destroyed.in_battle and b is not None and b.critical
                                         and b.attacker == destroyed.by_unit))
                going = yield from self.propose_asking(going)
                if going is not None and going.dest != HAND:
                    # (not broken into the hand: sent, as "send it to ... retreat area" sends an orb)
                    self.move_card(orb.copy, going.dest, by_skill=True)
                    continue
            self.orb_to_hand(orb)

    def destroy_orbs(self, owner: int, count: int, chooser: int, prompt: str) -> Iterator[Decision]:
        """A skill destroys ``count`` of ``owner``'s orbs (as a cost or as an effect),
        ``chooser`` choosing each: it goes to its owner's hand as a broken orb does
        (rule 4). Destroying the last orb does not by itself end the game."""
        from fecipher.engine.decisions import CARD, choose
        p = self.players[owner]
        for _ in range(count):
            if not p.orbs:
                break
            if len(p.orbs) > 1:
                opts = [Option(CARD, card=o.copy.id, label=(o.copy.card.name if o.face_up else f"orb {i + 1} (face-down)"))
                        for i, o in enumerate(p.orbs)]
                picked = yield from choose(chooser, prompt, opts)
                orb = next(o for o in p.orbs if o.copy.id == picked[0].card)
            else:
                orb = p.orbs[0]
            self.orb_to_hand(orb)

    def orb_to_hand(self, orb: Orb) -> None:
        """An orb, broken or destroyed, goes to its owner's hand (rule 4)."""
        owner = orb.copy.owner
        p = self.players[owner]
        p.orbs.remove(orb)
        p.hand.append(orb.copy)
        seen = (1 << owner) | (3 if orb.face_up else 0) | (self.known.pop(orb.copy.id, 0) if self.known else 0)
        if seen != 3:
            self.audience[len(self.events)] = seen
        self.emit(ev.OrbBroken(owner, orb.copy.id, len(p.orbs)))

    def mc_transfer_refusal(self, player: int) -> str | None:
        """Why ``player``'s Main Character status cannot go to another unit now (a rule of a
        skill, "you cannot transfer Main Character status until the end of the game"), or None."""
        for mod in self._mods_by_stat.get(M.CANNOT_TRANSFER_MC, ()):
            if (mod.condition is None or mod.condition(self)) and mod.value(self, None, player=player):
                return f"Player {player + 1} cannot transfer Main Character status: {mod.text or mod.source}"
        return None

    def set_main_character(self, unit: Unit) -> None:
        for u in self.players[unit.owner].units:
            u.is_main_character = False
        unit.is_main_character = True
        self._field_changed()
        self.emit(ev.MainCharacterChanged(unit.owner, unit.id, unit.card.name))
