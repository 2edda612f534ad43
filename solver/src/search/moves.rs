//! Which cards the search tries, and in which order.
//!
//! * **Merging of equivalent cards** (DDS's "rank equivalence", the Skat solvers' "card
//!   equivalence"): legal cards of one hand form a *class* when no card still out (in
//!   another hand or on the table) ranks between them in their group. Cards of one hand never
//!   meet in a trick, so swapping two cards of a class maps the game tree onto itself; if
//!   they are also worth the same (or tricks are counted), both have the same value and only
//!   one is searched. The called ace never merges.
//! * **Dominance within a class** (skatcalc's "unequal move reduction"): when the side that
//!   takes the current trick is already settled whichever card of the class is played (the
//!   last player to a trick; a card nobody left can beat; a best card nobody left can beat),
//!   playing the class's card worth most is never worse for a player who wants that trick's
//!   points counted, and the card worth least never worse for the other. Proof: pair each
//!   line of play with the line where the two cards are swapped; every trick has the same
//!   winner, and the only difference is which of the two tricks gets the larger card. Used
//!   inside the search only: the value of *every* card (`solve`) needs exact merging.
//! * **Move ordering** (DDS `Moves.cpp`, in spirit): cheap rules of thumb per trick position
//!   put the card most likely to cause a cutoff first: cash a sure winner, smear points on
//!   a partner's sure trick, win cheaply, otherwise discard low. Ties are broken by the
//!   history heuristic (Schaeffer 1989): cards that caused cutoffs before come first.
//!
//! Cards here are indices of the search layout ([`super::layout`]).

use super::layout::{bit, bits, top, Layout};
use super::position::Position;
use super::{Frame, Sides};
use crate::contract::Measure;
use crate::seat::Seat;

/// The cards `seat` might play to a trick led in group `led`: its cards of that group, or
/// any card when void. A superset of its legal cards (the called-ace rules and Stichzwang
/// only narrow it), so what it cannot do is certain.
#[inline]
fn could_play(pos: &Position, seat: Seat, led: u32) -> u32 {
    let hand = pos.hands[seat.index()];
    let follow = hand & led;
    if follow == 0 {
        hand
    } else {
        follow
    }
}

/// Whether `seat` must beat `card`, the best card of a trick led in group `led`: every card
/// it could play to it beats it.
#[inline]
fn must_beat(layout: &Layout, pos: &Position, seat: Seat, card: u8, led: u32) -> bool {
    let could = could_play(pos, seat, led);
    could != 0 && could & !layout.beaters[card as usize] == 0
}

/// Whether one of the three seats after `seat` must beat `card` if `seat` leads it.
#[inline]
pub(crate) fn another_must_beat(layout: &Layout, pos: &Position, seat: Seat, card: u8) -> bool {
    let led = layout.group_of(card);
    (1..4u8).any(|k| must_beat(layout, pos, seat.plus(k), card, led))
}

/// Whether one of the players after the player to move for whom `rival` holds could play a
/// card of `beaters` to a trick led in `led` (by [`could_play`], so `false` is certain).
#[inline]
fn rival_could_beat(pos: &Position, led: u32, beaters: u32, rival: impl Fn(Seat) -> bool) -> bool {
    pos.later()
        .any(|next| rival(next) && could_play(pos, next, led) & beaters != 0)
}

/// Whether the lone counted player `lone` (Ramsch, Bettel) will not take the trick whose
/// best card so far is `best` (played by `holder`, led in `led`), as far as one of the
/// others to move can see: he has played to it and lost it, or will lose it (one of the
/// others still to play must beat his card); or he is still to play and can duck under it.
#[inline]
fn escapes(layout: &Layout, pos: &Position, lone: Seat, best: u8, holder: Seat, led: u32) -> bool {
    if pos.later().any(|next| next == lone) {
        return could_play(pos, lone, led) & !layout.beaters[best as usize] != 0;
    }
    holder != lone
        || pos
            .later()
            .any(|next| must_beat(layout, pos, next, best, led))
}

/// Whether a later player of the other side (maximisers against minimisers) could beat
/// `card`, the best card of the trick once played, `led` being the led group.
#[inline]
fn beatable(layout: &Layout, frame: &Frame, pos: &Position, card: u8, led: u32) -> bool {
    let side = frame.maximizers.contains(pos.to_move());
    rival_could_beat(pos, led, layout.beaters[card as usize], |s| {
        frame.maximizers.contains(s) != side
    })
}

/// Whether a later player of the trick on the side of the player to move holds a card that
/// beats `card` (led in `led`: the card he leads, or the trick's best so far) while no later
/// player of the other side can beat that card.
#[inline]
fn partner_covers(layout: &Layout, frame: &Frame, pos: &Position, card: u8, led: u32) -> bool {
    let side = frame.maximizers.contains(pos.to_move());
    for next in pos.later() {
        if frame.maximizers.contains(next) != side {
            continue;
        }
        let mut m = could_play(pos, next, led) & layout.beaters[card as usize];
        while m != 0 {
            let c = 31 - m.leading_zeros() as u8;
            m &= !bit(c);
            // Opponents after the partner, and between: any of them beating c spoils it.
            if !beatable(layout, frame, pos, c, led) {
                return true;
            }
        }
    }
    false
}

/// Whether the other side of the player to move holds the trick (`best`: its best card,
/// that card's seat and the led group) and a partner still to play to it can take it for
/// good ([`partner_covers`]): the trick can be his side's without a winner of his own.
#[inline]
fn partner_behind(layout: &Layout, frame: &Frame, pos: &Position, best: (u8, Seat, u32)) -> bool {
    let (card, holder, led) = best;
    let mine = frame.maximizers.contains(pos.to_move());
    frame.maximizers.contains(holder) != mine && partner_covers(layout, frame, pos, card, led)
}

/// Whether the seat that takes the trick will be a counted one, if the player to move plays
/// `card`, when that is already settled whatever the later players do: everyone who could
/// still end up on top (the best card's holder, and each later player holding a card that
/// beats it; whoever cannot beat it cannot beat anything above it either) is on the same
/// side of the count.
#[inline]
fn settled_counted(layout: &Layout, frame: &Frame, pos: &Position, card: u8) -> Option<bool> {
    let seat = pos.to_move();
    let (best, best_seat, led) = match pos.best() {
        None => (card, seat, layout.group_of(card)),
        Some((top, top_seat)) => {
            let led = layout.group_of(pos.trick[0]);
            if layout.beats(card, top) {
                (card, seat, led)
            } else {
                (top, top_seat, led)
            }
        }
    };
    let counted = frame.counted.contains(best_seat);
    let beaters = layout.beaters[best as usize];
    if rival_could_beat(pos, led, beaters, |s| frame.counted.contains(s) != counted) {
        None
    } else {
        Some(counted)
    }
}

/// The cards to search: one per class of interchangeable legal cards, and with `dominance`
/// one per class wherever the trick's taker is settled. With `rep`, each legal card's entry
/// is set to the card whose value it shares (only meaningful without `dominance`).
pub(crate) fn representatives(
    layout: &Layout,
    frame: &Frame,
    pos: &Position,
    legal: u32,
    dominance: bool,
    mut rep: Option<&mut [u8; 32]>,
) -> u32 {
    if legal.count_ones() == 1 {
        if let Some(rep) = rep {
            rep[legal.trailing_zeros() as usize] = legal.trailing_zeros() as u8;
        }
        return legal;
    }
    let me = pos.to_move().index();
    let mine = pos.hands[me];
    let mut outside = pos.remaining() & !mine;
    for &c in pos.trick() {
        outside |= bit(c);
    }
    let ace = layout.called.map_or(0, |c| c.ace);
    // Separators: cards still in play that are not ours to merge.
    let separators = outside | (mine & !legal) | ace;
    if !shares_a_class(layout, legal, separators) {
        // Every legal card is a class of its own (most nodes deep in the search).
        if let Some(rep) = rep {
            for c in bits(legal) {
                rep[c as usize] = c;
            }
        }
        return legal;
    }
    let maximizing = frame.maximizers.contains(pos.to_move());
    let mut out = legal & ace;
    if let Some(rep) = rep.as_deref_mut() {
        if out != 0 {
            rep[ace.trailing_zeros() as usize] = ace.trailing_zeros() as u8;
        }
    }
    let mut rest = legal & !ace;
    while rest != 0 {
        // The class of the highest card left: down to the next separator below it.
        let h = top(rest);
        let group = layout.group_of(h);
        let below = separators & group & (bit(h) - 1);
        let floor = if below == 0 {
            0
        } else {
            bit(top(below) + 1) - 1
        };
        let class = rest & group & !floor & (bit(h) | (bit(h) - 1));
        rest &= !class;
        out |= pick(
            layout,
            frame,
            pos,
            class,
            maximizing,
            dominance,
            rep.as_deref_mut(),
        );
    }
    out
}

/// Whether two of the `legal` cards might share a class: whether for one of them the next
/// card still in play above it in its group is legal too (`separators` being every other card
/// still in play). Bit-parallel: a carry added above each legal card runs up through the gone
/// cards and stops on the next card in play (a group's lowest card stops it too, so that it
/// never runs into the next group). May say yes for the called ace, which never merges.
#[inline]
fn shares_a_class(layout: &Layout, legal: u32, separators: u32) -> bool {
    let bottoms = layout.group_bottoms;
    let gone = !(legal | separators) & !bottoms;
    let next = gone.wrapping_add(legal << 1) & !gone;
    next & legal & !bottoms != 0
}

/// The representatives of one class.
fn pick(
    layout: &Layout,
    frame: &Frame,
    pos: &Position,
    class: u32,
    maximizing: bool,
    dominance: bool,
    rep: Option<&mut [u8; 32]>,
) -> u32 {
    let high = top(class);
    if frame.measure == Measure::Tricks || class.count_ones() == 1 {
        if let Some(rep) = rep {
            for c in bits(class) {
                rep[c as usize] = high;
            }
        }
        return bit(high);
    }
    if dominance {
        if let Some(counted) = settled_counted(layout, frame, pos, high) {
            // Points into a counted trick raise the value: the maximisers want them there,
            // the minimisers elsewhere.
            let most = counted == maximizing;
            let mut best = high;
            for c in bits(class) {
                let (pc, pb) = (layout.points[c as usize], layout.points[best as usize]);
                if (most && pc > pb) || (!most && pc < pb) {
                    best = c;
                }
            }
            return bit(best);
        }
    }
    // One card per distinct worth.
    let mut out = 0u32;
    let mut seen = [u8::MAX; 12];
    let mut m = class;
    let mut rep = rep;
    while m != 0 {
        let c = top(m);
        m &= !bit(c);
        let slot = &mut seen[layout.points[c as usize] as usize];
        if *slot == u8::MAX {
            *slot = c;
            out |= bit(c);
        }
        if let Some(rep) = rep.as_deref_mut() {
            rep[c as usize] = *slot;
        }
    }
    out
}

/// The bands of the move ordering's scores: a card's band says what it does for its side,
/// higher first; within a band its points and power break ties. (What each rule saved is in
/// `docs/performance-log.md`, "What moved the numbers".)
mod band {
    /// A lead nobody of the other side can beat: cash it.
    pub const SURE_LEAD: i32 = 1000;
    /// A lead the lone counted player (Ramsch, Bettel) cannot duck.
    pub const LONE_MUST_TAKE: i32 = 900;
    /// A lead the lone counted player cannot take: the lead stays with the others.
    pub const LONE_CANNOT_TAKE: i32 = 875;
    /// A lead in a suit the lone counted player must follow.
    pub const LONE_MUST_FOLLOW: i32 = 850;
    /// The lone counted player's own lead, or one of the others' into his tricks.
    pub const LONE_LEADS: i32 = 800;
    /// A lead to a partner who can take the trick for good.
    pub const TO_PARTNER: i32 = 700;
    /// A lead in a suit the lone counted player is void in (he discards at will).
    pub const LONE_VOID: i32 = 700;
    /// Any other lead of a player who wants tricks.
    pub const LEAD: i32 = 500;
    /// A sure trump where the other side holds none: it draws nothing, so it waits.
    pub const IDLE_TRUMP: i32 = 300;
    /// A sure lead of a player who wants no tricks.
    pub const UNWANTED_SURE_LEAD: i32 = 100;

    /// A winner nobody after can beat.
    pub const SURE_WINNER: i32 = 900;
    /// Points onto a trick the player's side takes for good.
    pub const SMEAR: i32 = 800;
    /// A card that takes the trick where a partner behind could take it for good.
    pub const OVER_PARTNER: i32 = 700;
    /// A winner someone after may still beat.
    pub const WINNER: i32 = 600;
    /// A card under a partner's best card, which may still be beaten.
    pub const UNDER_PARTNER: i32 = 400;
    /// A card that neither wins nor helps: shed the least.
    pub const LOSER: i32 = 300;
    /// A card of a player who wants no tricks that ducks under the best card.
    pub const DUCK: i32 = 800;
    /// A card of a player who wants no tricks that takes the trick.
    pub const OVERTAKE: i32 = 300;
}

/// What the ordering knows of the player to move, worked out once per node.
struct Mover {
    seat: Seat,
    /// He wants tricks for himself ([`Frame::wants_tricks`]).
    eager: bool,
    /// He maximises.
    mine: bool,
    /// The lone counted minimiser the others play against (Ramsch, Bettel), when the player
    /// to move is one of the others.
    lone: Option<Seat>,
    /// The player to move is that lone counted minimiser.
    alone: bool,
    /// A lone declarer holding under half the trumps left.
    short_of_trumps: bool,
    /// A lone declarer holding nothing but trumps.
    only_trumps: bool,
    /// The other side holds no trump: a trump led draws none (for a player who wants tricks).
    drawn: bool,
    trumps: u32,
}

impl Mover {
    fn new(layout: &Layout, frame: &Frame, sides: Sides, pos: &Position) -> Mover {
        let seat = pos.to_move();
        let eager = frame.wants_tricks(seat);
        let mine = frame.maximizers.contains(seat);
        let lone_player = sides.lone_minimizer();
        let lone_declarer = mine && sides == Sides::LoneDeclarer;
        let trumps = layout.group_mask[super::layout::TRUMP];
        let hand = pos.hands[seat.index()];
        let drawn = eager
            && pos.trick_len == 0
            && (1..4u8).all(|k| {
                let other = seat.plus(k);
                frame.maximizers.contains(other) == mine || pos.hands[other.index()] & trumps == 0
            });
        Mover {
            seat,
            eager,
            mine,
            lone: lone_player.filter(|_| mine),
            alone: lone_player == Some(seat),
            short_of_trumps: lone_declarer
                && 2 * (hand & trumps).count_ones() < (pos.remaining() & trumps).count_ones(),
            only_trumps: lone_declarer && hand & !trumps == 0,
            drawn,
            trumps,
        }
    }
}

/// Orders the `cards` to try best first into `out`; returns how many. Each card gets a
/// score ([`lead_score`] or [`follow_score`]); the history breaks ties, then the lower
/// card.
pub(crate) fn order_moves(
    layout: &Layout,
    frame: &Frame,
    sides: Sides,
    pos: &Position,
    cards: u32,
    history: &[[u16; 32]; 4],
    out: &mut [u8; 8],
) -> usize {
    let m = Mover::new(layout, frame, sides, pos);
    let mut keys = [0u64; 8];
    let mut n = 0;
    let best = pos
        .best()
        .map(|(card, seat)| (card, seat, layout.group_of(pos.trick[0])));
    let partner_behind =
        m.eager && best.is_some_and(|best| partner_behind(layout, frame, pos, best));
    for card in bits(cards) {
        let score = match best {
            None => lead_score(layout, frame, sides, pos, &m, card),
            Some(best) => follow_score(layout, frame, sides, pos, &m, card, best, partner_behind),
        };
        let h = history[m.seat.index()][card as usize] as u32;
        keys[n] = ((((score + 4096) as u32) << 16 | h) as u64) << 8 | (255 - card) as u64;
        n += 1;
    }
    sort_best_first(&mut keys, n);
    for (o, k) in out.iter_mut().zip(&keys[..n]) {
        *o = 255 - (k & 255) as u8;
    }
    n
}

/// The score of `card` led by the player to move.
#[inline(always)]
fn lead_score(
    layout: &Layout,
    frame: &Frame,
    sides: Sides,
    pos: &Position,
    m: &Mover,
    card: u8,
) -> i32 {
    let pts = layout.points[card as usize] as i32;
    // Within a group the index is the power.
    let power = card as i32;
    let group = layout.group_of(card);
    let sure = !beatable(layout, frame, pos, card, group);
    match (m.eager, sure) {
        // A sure trump where the other side holds none draws nothing: the others throw
        // off what they like, and the trump, kept, stays an entry and a ruff for later.
        // So after the other leads, the low ones too.
        (true, true) if m.drawn && group == m.trumps => band::IDLE_TRUMP + pts,
        (true, true) => band::SURE_LEAD + pts,
        (true, false) => {
            if partner_covers(layout, frame, pos, card, group) {
                // Lead to a partner who can take it, the most points first and of those the
                // highest card: the trick is the side's.
                band::TO_PARTNER + 8 * pts + power
            } else if sides == Sides::Partnership {
                // In a partnership game both sides lead high what they cannot hold: the
                // other side must spend its high cards, and points count half against it.
                band::LEAD - 4 * pts + power
            } else if m.short_of_trumps {
                // So does a lone declarer who holds less than half the trumps left: he has
                // to make his high cards before they are ruffed (with more trumps it costs,
                // so it stays with the weak).
                band::LEAD - 8 * pts + power
            } else if m.only_trumps {
                // A lone declarer with nothing but trumps draws from the top: each lead takes
                // a trump from every hand that holds one, where a low lead hands the lead
                // over cheaply.
                band::LEAD + power
            } else {
                band::LEAD - 8 * pts - power
            }
        }
        // Ramsch, Bettel: a lead the lone counted player cannot take keeps the lead with
        // the others at no cost (least points first: the rest are for his tricks).
        (false, true) if m.lone.is_some() => band::LONE_CANNOT_TAKE - 8 * pts - power,
        (false, true) => band::UNWANTED_SURE_LEAD - power,
        (false, false) => match m.lone {
            // Ramsch, Bettel: a lead the lone counted player cannot duck; else one in a
            // suit he must follow; a suit he is void in last (he discards at will).
            Some(c) if must_beat(layout, pos, c, card, group) => {
                band::LONE_MUST_TAKE + 8 * pts - power
            }
            Some(c) if pos.hands[c.index()] & group != 0 => band::LONE_MUST_FOLLOW - power,
            Some(_) => band::LONE_VOID - power,
            // The lone counted player leads: best a card one of the others must beat, his
            // points with it.
            None if m.alone && another_must_beat(layout, pos, m.seat, card) => {
                band::LONE_MUST_TAKE + 8 * pts - power
            }
            None => band::LONE_LEADS - power,
        },
    }
}

/// The score of `card` played by the player to move to a trick whose best card so far is
/// `best` (with its seat and the led group); `partner_behind` says whether a partner
/// still to play can take the trick for good ([`partner_behind`]).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn follow_score(
    layout: &Layout,
    frame: &Frame,
    sides: Sides,
    pos: &Position,
    m: &Mover,
    card: u8,
    best: (u8, Seat, u32),
    partner_behind: bool,
) -> i32 {
    let (best_card, best_seat, led) = best;
    let pts = layout.points[card as usize] as i32;
    let power = card as i32;
    let partner_wins = frame.maximizers.contains(best_seat) == m.mine;
    let beats = layout.beats(card, best_card);
    let partner_sure = partner_wins && !beatable(layout, frame, pos, best_card, led);
    if m.eager && partner_behind {
        // A partner still to play can take the trick for good: the most points with the
        // weakest card, as to a sure partner; a card of one's own that takes it after
        // those (kept for a later trick, it may bring more). (A defender's sure winner
        // first, as before, spent the top trump where a partner behind takes the trick
        // with a lower one and the top trump later catches a high card of his.)
        if beats {
            band::OVER_PARTNER + 4 * pts - power
        } else {
            band::SMEAR + 8 * pts - power
        }
    } else if m.eager {
        if partner_sure {
            // The trick is ours: add the most points with the weakest card.
            band::SMEAR + 8 * pts - power
        } else if partner_wins && !beats {
            band::UNDER_PARTNER - 8 * pts - power
        } else if beats {
            if !beatable(layout, frame, pos, card, led) {
                if sides == Sides::LoneDeclarer {
                    // Against or as a lone declarer, a sure winner that brings points
                    // first (in Sauspiele it costs, so not there).
                    band::SURE_WINNER + 4 * pts - power
                } else {
                    band::SURE_WINNER - power
                }
            } else {
                band::WINNER - power
            }
        } else {
            band::LOSER - 8 * pts - power
        }
    } else if m
        .lone
        .is_some_and(|c| escapes(layout, pos, c, best_card, best_seat, led))
    {
        // The trick is not the lone counted player's: its points count for nobody; keep
        // the points for his tricks, and shed a high card (beating or not) that could take
        // one of them from him later.
        band::DUCK + 4 * power - 8 * pts
    } else if !beats {
        band::DUCK + power + 8 * pts
    } else {
        band::OVERTAKE + power
    }
}

/// Sorts `keys[..n]` highest first. Short lists (most nodes) go through a sorting network
/// of branch-free compare-exchanges: the order of the keys is what the branch predictor
/// cannot guess.
#[inline]
fn sort_best_first(v: &mut [u64; 8], n: usize) {
    #[inline(always)]
    fn swap_up(v: &mut [u64; 8], i: usize, j: usize) {
        let (a, b) = (v[i], v[j]);
        v[i] = a.max(b);
        v[j] = a.min(b);
    }
    match n {
        0 | 1 => {}
        2 => swap_up(v, 0, 1),
        3 => {
            swap_up(v, 0, 1);
            swap_up(v, 1, 2);
            swap_up(v, 0, 1);
        }
        4 => {
            swap_up(v, 0, 1);
            swap_up(v, 2, 3);
            swap_up(v, 0, 2);
            swap_up(v, 1, 3);
            swap_up(v, 1, 2);
        }
        _ => v[..n].sort_unstable_by(|a, b| b.cmp(a)),
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{in_trick, solo_of_seat_0};
    use super::*;
    use crate::cards::{Deck, Suit};
    use crate::contract::{Contract, Solo};
    use crate::deal::Rng;
    use crate::legal::PlayRules;

    /// Two legal cards of one group with no separator between them, by brute force.
    fn pair_exists(layout: &Layout, legal: u32, separators: u32) -> bool {
        bits(legal).any(|a| {
            bits(legal).any(|b| {
                let between = (bit(b) - 1) & !(bit(a) | (bit(a) - 1));
                a < b && layout.group_of(a) == layout.group_of(b) && separators & between == 0
            })
        })
    }

    /// The legal cards of the player to move as [`order_moves`] orders them (no history).
    fn ordered(layout: &Layout, frame: &Frame, pos: &Position) -> Vec<u8> {
        let mut out = [0u8; 8];
        let n = order_moves(
            layout,
            frame,
            frame.sides().unwrap(),
            pos,
            pos.legal(layout),
            &[[0; 32]; 4],
            &mut out,
        );
        out[..n].to_vec()
    }

    #[test]
    fn a_partner_behind_takes_the_trick_before_a_winner_of_ones_own() {
        // Farbsolo deal 8 of the benchmark: the declarer (seat 0, Eichel) leads SU; the
        // second hand holds EO and E7, and his partner behind him takes the trick with GO.
        let (layout, frame) = solo_of_seat_0(Solo::Farbsolo(Suit::Eichel));
        let hands = [
            "EA EZ EK GU HO SO S8",
            "EO E7 GZ G8 HZ HK SK S7",
            "EU E8 GO G9 G7 HU H8 H7",
            "E9 GA GK HA H9 SA SZ S9",
        ];
        let pos = in_trick(&layout, hands, 0, &["SU"]);
        let (best, holder) = pos.best().unwrap();
        let led = layout.group_of(best);
        assert!(partner_behind(&layout, &frame, &pos, (best, holder, led)));
        let names = |cards: Vec<u8>| -> Vec<String> {
            cards.iter().map(|&c| layout.card(c).to_string()).collect()
        };
        assert_eq!(names(ordered(&layout, &frame, &pos)), ["E7", "EO"]);
        // With no trump above SU behind him (GO, EU and HU elsewhere), the second hand
        // takes the trick himself, with the sure EO first.
        let hands = [
            "EA EZ EK GU HO SO S8",
            "EO E7 GZ G8 HZ HK SK S7",
            "E8 G9 G7 H8 H7 SZ GA HA",
            "E9 GK H9 SA S9",
        ];
        let pos = in_trick(&layout, hands, 0, &["SU"]);
        assert!(!partner_behind(&layout, &frame, &pos, (best, holder, led)));
        assert_eq!(names(ordered(&layout, &frame, &pos)), ["EO", "E7"]);
    }

    #[test]
    fn a_sure_trump_comes_last_once_the_other_side_holds_none() {
        // A Wenz declarer on lead holding all four Unters: his trumps draw nothing.
        let (layout, frame) = solo_of_seat_0(Solo::Wenz);
        let trumps = layout.group_mask[super::super::layout::TRUMP];
        let order = |hands: [&str; 4]| ordered(&layout, &frame, &in_trick(&layout, hands, 0, &[]));
        let mine = "EU GU HU SU EA E7 G9 G8";
        let drawn = order([
            mine,
            "EZ EK E9 GA GK SA SZ SK",
            "E8 GZ G7 HA HZ S9 S8 S7",
            "HK H9 H8 H7 EO GO HO SO",
        ]);
        assert!(
            drawn[..4].iter().all(|&c| bit(c) & trumps == 0),
            "plain leads first"
        );
        assert!(
            drawn[4..].iter().all(|&c| bit(c) & trumps != 0),
            "then the Unters"
        );
        // Once another hand holds an Unter, the sure ones lead again: after the aces (more
        // points), before the low cards.
        let mine = "EU GU HU SA EA E7 G9 G8";
        let not_drawn = order([
            mine,
            "EZ EK E9 GA GK SU SZ SK",
            "E8 GZ G7 HA HZ S9 S8 S7",
            "HK H9 H8 H7 EO GO HO SO",
        ]);
        let kinds: Vec<bool> = not_drawn.iter().map(|&c| bit(c) & trumps != 0).collect();
        assert_eq!(kinds, [false, false, true, true, true, false, false, false]);
    }

    #[test]
    fn the_lone_player_escapes_a_trick_he_can_duck_or_has_lost() {
        let layout = Layout::of_contract(Contract::Ramsch);
        let schellen = |pos: &Position| layout.group_of(pos.trick[0]);
        let escapes_of = |pos: &Position, lone: Seat| {
            let (best, holder) = pos.best().unwrap();
            escapes(&layout, pos, lone, best, holder, schellen(pos))
        };
        // Seat 2 plays alone, after the second hand: he can duck SK with S7, not with SA.
        let pos = in_trick(&layout, ["E9", "SA E7", "S7 E8", "S9 GA"], 0, &["SK"]);
        assert!(escapes_of(&pos, Seat::S2));
        let pos = in_trick(&layout, ["E9", "S7 E7", "SA E8", "S9 GA"], 0, &["SK"]);
        assert!(!escapes_of(&pos, Seat::S2));
        // Seat 0 led SK alone: seat 2 holds nothing of Schellen below it and must take it.
        let pos = in_trick(&layout, ["E9", "SA E7", "SZ", "S9 GA"], 0, &["SK"]);
        assert!(escapes_of(&pos, Seat::S0));
        // Everybody after him can duck: the trick may stay his.
        let pos = in_trick(&layout, ["E9", "SA E7", "S7 E8", "S9 GA"], 0, &["SK"]);
        assert!(!escapes_of(&pos, Seat::S0));
        // He played and someone else holds the trick: lost.
        let pos = in_trick(&layout, ["E9 GA", "E7", "S7 E8", "S9"], 0, &["SK", "SA"]);
        assert!(escapes_of(&pos, Seat::S0));
    }

    #[test]
    fn shares_a_class_exactly_when_two_legal_cards_meet() {
        let contracts = [
            Contract::sauspiel(Seat::S0, Suit::Gras),
            Contract::Solo {
                declarer: Seat::S0,
                game: Solo::Wenz,
                tout: false,
            },
            Contract::Bettel {
                declarer: Seat::S0,
                ouvert: false,
                trumps: false,
            },
        ];
        let mut rng = Rng::new(11);
        for c in contracts {
            for deck in [Deck::Long, Deck::Short] {
                let layout = Layout::new(&PlayRules {
                    order: c.order(deck),
                    called: None,
                    stichzwang: false,
                });
                let all = layout.group_mask.iter().fold(0, |a, m| a | m);
                for _ in 0..5000 {
                    // Each card of the deck: gone, a separator or legal, at random.
                    let (mut legal, mut separators) = (0u32, 0u32);
                    for card in bits(all) {
                        match rng.below(3) {
                            0 => {}
                            1 => separators |= bit(card),
                            _ => legal |= bit(card),
                        }
                    }
                    if rng.below(2) == 0 {
                        // Sparse hands, as late in a deal.
                        legal &= rng.next_u64() as u32 & rng.next_u64() as u32;
                    }
                    assert_eq!(
                        shares_a_class(&layout, legal, separators),
                        pair_exists(&layout, legal, separators),
                        "legal {legal:#x} separators {separators:#x}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_sorting_network_sorts_like_a_sort() {
        let mut rng = Rng::new(5);
        for n in 0..=8 {
            for _ in 0..2000 {
                let mut keys = [0u64; 8];
                for k in keys.iter_mut().take(n) {
                    // Few distinct values, so that ties occur.
                    *k = rng.below(6) as u64;
                }
                let mut expected = keys[..n].to_vec();
                expected.sort_unstable_by(|a, b| b.cmp(a));
                sort_best_first(&mut keys, n);
                assert_eq!(keys[..n], expected[..], "{n} keys");
            }
        }
    }
}
