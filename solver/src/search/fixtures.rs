//! Test fixtures for the search's unit tests: positions written as card lists, and the
//! layout, frame and context of a contract.

use super::canon::Canon;
use super::context::Context;
use super::layout::{bit, bits, Layout};
use super::position::Position;
use super::{Frame, Techniques};
use crate::cards::Suit;
use crate::contract::{Contract, Measure, Solo};
use crate::deal::Rng;
use crate::seat::{Seat, Seats};

/// A position inside a trick: `hands` (what each seat still holds), `played` led by
/// `leader` and followed in turn (nothing taken yet).
pub(super) fn in_trick(layout: &Layout, hands: [&str; 4], leader: u8, played: &[&str]) -> Position {
    let mut pos = before_trick(layout.hands(hands), leader);
    for (k, card) in played.iter().enumerate() {
        let card = layout.index(card.parse().unwrap());
        pos.trick[k] = card;
        if k > 0 && layout.beats(card, pos.trick[pos.win as usize]) {
            pos.win = k as u8;
        }
        pos.trick_len += 1;
    }
    pos
}

/// The position before a trick led by seat `leader`, the hands (as masks) `hands`, nothing
/// taken yet.
fn before_trick(hands: [u32; 4], leader: u8) -> Position {
    Position {
        hands,
        trick: [0; 4],
        trick_len: 0,
        win: 0,
        leader: Seat::wrapping(leader),
        searched: false,
        got: 0,
        assigned: 0,
    }
}

/// The position at a trick boundary where `leader` leads and the hands are `hands`.
pub(super) fn leading(layout: &Layout, hands: [&str; 4], leader: u8) -> Position {
    in_trick(layout, hands, leader, &[])
}

/// The layout and frame of a solo game (not a Tout) played by seat 0.
pub(super) fn solo_of_seat_0(game: Solo) -> (Layout, Frame) {
    let layout = Layout::of_contract(Contract::Solo {
        declarer: Seat::S0,
        game,
        tout: false,
    });
    let frame = Frame {
        counted: Seats::one(Seat::S0),
        maximizers: Seats::one(Seat::S0),
        measure: Measure::Points,
    };
    (layout, frame)
}

/// The layout and frame of a Bettel played by `declarer`: his tricks, the others maximise.
pub(super) fn bettel_of(declarer: Seat) -> (Layout, Frame) {
    let layout = Layout::of_contract(Contract::Bettel {
        declarer,
        ouvert: false,
        trumps: false,
    });
    let frame = Frame {
        counted: Seats::one(declarer),
        maximizers: Seats::one(declarer).others(),
        measure: Measure::Tricks,
    };
    (layout, frame)
}

/// A search context over `layout` and `frame` for a deal of `tricks` tricks, every
/// technique on.
pub(super) fn context(layout: Layout, frame: Frame, tricks: usize) -> Context {
    Context {
        canon: Canon::new(&layout, frame.measure),
        layout,
        frame,
        sides: frame.sides().expect("a frame with sides"),
        // The long pack's 120 points, or one a trick of the `tricks` dealt.
        total: match frame.measure {
            Measure::Tricks => tricks as u8,
            Measure::Points | Measure::Settlement => 120,
        },
        tag: 1,
        techniques: Techniques::default(),
        similar: false,
    }
}

/// A random position at a trick boundary: `each` cards a hand drawn from the layout's
/// deck, `leader` on lead, the measure of the cards gone assigned to nobody yet.
pub(super) fn random_position(cx: &Context, rng: &mut Rng, each: usize, leader: u8) -> Position {
    let mut deck: Vec<u8> = bits(cx.layout.group_mask.iter().fold(0, |a, m| a | m)).collect();
    let mut hands = [0u32; 4];
    for hand in hands.iter_mut() {
        for _ in 0..each {
            let card = deck.swap_remove(rng.below(deck.len()));
            *hand |= bit(card);
        }
    }
    let mut pos = before_trick(hands, leader);
    pos.assigned = match cx.frame.measure {
        Measure::Points | Measure::Settlement => {
            cx.total - cx.layout.points_of(pos.remaining()) as u8
        }
        Measure::Tricks => cx.total - each as u8,
    };
    pos
}

/// The exact value of a position by plain minimax over every legal card: what every bound
/// is held against.
pub(super) fn minimax(cx: &Context, pos: &Position) -> u8 {
    if pos.remaining() == 0 {
        return pos.got;
    }
    let maximizing = cx.frame.maximizers.contains(pos.to_move());
    let values = bits(pos.legal(&cx.layout)).map(|c| minimax(cx, &cx.child(pos, c)));
    if maximizing {
        values.max()
    } else {
        values.min()
    }
    .expect("a hand with cards has a legal card")
}

/// The contexts the bounds are tested in: a Sauspiel (partners 0 and 2), each kind of solo
/// and a Tout by seat 0, a Bettel by seat 1, a Ramsch in seat 3's frame of points.
pub(super) fn contexts(tricks: usize) -> Vec<Context> {
    let pair = Seats::one(Seat::S0).with(Seat::S2);
    let points = |counted: Seats, maximizers: Seats| Frame {
        counted,
        maximizers,
        measure: Measure::Points,
    };
    let solo = |game: Solo| {
        let (layout, frame) = solo_of_seat_0(game);
        context(layout, frame, tricks)
    };
    let (bettel, bettel_frame) = bettel_of(Seat::S1);
    let lone = Seats::one(Seat::S3);
    let tout = Layout::of_contract(Contract::Solo {
        declarer: Seat::S0,
        game: Solo::Wenz,
        tout: true,
    });
    let tout_frame = Frame {
        counted: Seats::one(Seat::S0),
        maximizers: Seats::one(Seat::S0),
        measure: Measure::Tricks,
    };
    vec![
        context(
            Layout::of_contract(Contract::sauspiel(Seat::S0, Suit::Gras)),
            points(pair, pair),
            tricks,
        ),
        solo(Solo::Farbsolo(Suit::Herz)),
        solo(Solo::Wenz),
        solo(Solo::Geier),
        solo(Solo::Farbwenz(Suit::Eichel)),
        context(tout, tout_frame, tricks),
        context(bettel, bettel_frame, tricks),
        context(
            Layout::of_contract(Contract::Ramsch),
            points(lone, lone.others()),
            tricks,
        ),
    ]
}
