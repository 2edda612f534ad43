//! What each fuzz target holds, as plain functions of the input bytes: they panic where a
//! property fails. The fuzz targets (`fuzz/fuzz_targets/`) call them under libFuzzer; this
//! crate's tests ([`regressions`]) call them on every input kept under `tests/fuzz/` and on
//! the seed files, on the stable toolchain, in every CI run.

use solver::formats::{self, LogFormat};
use solver::testing::{naive_solve, naive_value_in};
use solver::{
    options::{GermanTrump, RamschForm},
    rules::{announceable_on, german_declaration, may_offer_hochzeit},
    BySeat, Card, Cards, Contract, Deal, Deck, Error, Frame, Game, GameName, Options, Pack,
    Partners, Record, Score, Seat, Setup, Solver, Variant, Wenzels,
};

/// A record from JSON through validation: any input is read or refused, never a panic;
/// a record that is read prints and parses back to the same game.
pub fn record_json(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = Record::from_json(text) else {
        return;
    };
    let Ok(game) = record.game() else {
        let _ = record.deal();
        return;
    };
    let again = Record::from_json(&Record::from_game(&game).to_json())
        .and_then(|r| r.game())
        .expect("a game's own record reads back");
    assert_eq!(again.plays(), game.plays());
    assert_eq!(again.setup(), game.setup());
    if game.is_over() {
        score_adds_up(&game);
    }
}

/// Another program's log (`format`): every game converted is a record that reads back.
pub fn foreign_log(data: &[u8], format: LogFormat) {
    let text = formats::decode(data);
    for (_, read) in formats::read(&text, format, "fuzz") {
        let Ok(record) = read else {
            continue;
        };
        let json = record.to_json();
        let again = Record::from_json(&json).expect("a converted record reads back");
        if let Ok(game) = again.game() {
            if game.is_over() {
                score_adds_up(&game);
            }
        }
    }
}

/// Card text in every pack: a card or hand that is read prints as text that reads back to
/// it.
pub fn card_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(card) = text.parse::<Card>() {
        assert_eq!(card.to_string().parse::<Card>(), Ok(card));
    }
    if let Ok(cards) = text.parse::<Cards>() {
        assert_eq!(cards.to_string().parse::<Cards>(), Ok(cards));
    }
    for pack in Pack::ALL {
        if let Some(card) = pack.read_card(text) {
            assert_eq!(pack.read_card(&card.text(pack)), Some(card));
        }
    }
}

/// A finished game's payments and the stock's add up to nothing.
fn score_adds_up(game: &Game) {
    if let Ok(score) = Score::of(game) {
        assert_eq!(score.payouts.iter().sum::<i64>() + score.stock_payout, 0);
    }
}

/// The input read a byte at a time; zeros once it runs out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> usize {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b as usize
            }
            None => 0,
        }
    }

    fn pick<T: Copy>(&mut self, from: &[T]) -> Option<T> {
        (!from.is_empty()).then(|| from[self.next() % from.len()])
    }
}

/// A position with at most three tricks left, of any contract, drawn by the input: the
/// deck, the deal, the table's rules, the contract and every card played. `None` where
/// the input picks a contract the deal does not allow.
pub fn small_position(data: &[u8]) -> Option<Game> {
    let mut b = Bytes(data);
    let deck = b.pick(&Deck::ALL)?;
    let mut cards: Vec<Card> = deck.cards().into_iter().collect();
    for i in (1..cards.len()).rev() {
        cards.swap(i, b.next() % (i + 1));
    }
    let n = deck.hand_size();
    let hands = BySeat::from_fn(|s: Seat| cards[s.index() * n..][..n].iter().copied().collect());
    let variant = b.pick(&[Variant::Bavarian, Variant::German])?;
    let german_trump = b.pick(&[
        GermanTrump::Declared,
        GermanTrump::Schellen,
        GermanTrump::Herz,
    ])?;
    let options = Options {
        ramsch_form: b.pick(&[
            RamschForm::LoserPays,
            RamschForm::TwoHighestPay,
            RamschForm::Schieberamsch,
        ])?,
        stichzwang: b.next() % 2 == 1,
        german_trump,
        // Blattla: no Wenzels with Herz always trumps.
        german_wenzels: (german_trump == GermanTrump::Herz).then_some(0),
        german_partners: b.pick(&[Partners::Across, Partners::BlackObers])?,
        extra_solos: GameName::EXTRA_SOLOS
            .iter()
            .map(|g| g.name().to_string())
            .collect(),
        ..Options::default()
    };
    let deal = Deal::new(variant, deck, hands)
        .ok()?
        .with_table(options.clone(), Default::default(), Default::default(), 0)
        .ok()?;
    let seat = b.pick(&Seat::ALL)?;
    let mut contracts = match variant {
        Variant::Bavarian => {
            let mut c = announceable_on(&deal, seat);
            c.extend([Contract::Ramsch, Contract::Kreuzbock { declarer: seat }]);
            if may_offer_hochzeit(hands[seat], deck) {
                let partner = seat.plus(1 + (b.next() % 3) as u8);
                let trumps = Contract::Ramsch.order(deck).trumps();
                let plain: Vec<Card> = hands[partner].without(trumps).into_iter().collect();
                if let Some(card) = b.pick(&plain) {
                    c.extend(Contract::hochzeit(&hands, deck, seat, partner, card.set()).ok());
                }
            }
            c
        }
        Variant::German => {
            let wenzels = match german_trump {
                GermanTrump::Herz => Wenzels::Zero,
                _ => b.pick(&[Wenzels::Four, Wenzels::Six, Wenzels::Eight])?,
            };
            let d = german_declaration(&hands, wenzels, options.german_trump);
            vec![
                d.contract(wenzels, options.german_partners),
                d.contract(wenzels, Partners::Solo),
                Contract::SchellenSchafkopf,
            ]
        }
    };
    contracts.retain(|c| !matches!(c, Contract::Sie { .. }));
    let contract = b.pick(&contracts)?;
    let mut game = Game::new(Setup::new(deal, contract).ok()?);
    let left = 4 * (2 + b.next() % 2) - b.next() % 4;
    while game
        .hands()
        .0
        .iter()
        .map(|h| h.len() as usize)
        .sum::<usize>()
        > left
    {
        let legal: Vec<Card> = game.legal_cards().into_iter().collect();
        game.play(b.pick(&legal)?).expect("a legal card");
    }
    Some(game)
}

/// The searches against the naive minimax and each other on a small position: `solve`
/// under a node budget the input picks (an error or the exact answer, and the exact one
/// again once the budget is lifted), `judge` of every legal card, the best line (its end
/// is worth the value), and the score of the game played out.
pub fn small_search(data: &[u8]) {
    let Some(game) = small_position(data) else {
        return;
    };
    let (value, cards) = naive_solve(&game).expect("a position to solve");
    let mut solver = Solver::with_budget(1 << 16);
    let budget = 1 + (data.last().copied().unwrap_or(0) as u64) * 8;
    solver.limit_nodes(Some(budget));
    match solver.solve(&game) {
        Ok(s) => assert_eq!((s.value, &s.cards), (value, &cards), "under a budget"),
        Err(Error::SearchBudget) => {}
        Err(e) => panic!("{e}"),
    }
    solver.limit_nodes(None);
    let solution = solver.solve(&game).expect("a search without budget");
    assert_eq!((solution.value, &solution.cards), (value, &cards));
    let best: Vec<Card> = cards
        .iter()
        .filter(|(_, v)| *v == value)
        .map(|(c, _)| *c)
        .collect();
    for &(card, after) in &cards {
        let judged = solver.judge(&game, card).expect("a legal card judged");
        assert_eq!((judged.value, judged.after), (value, after), "{card}");
        assert_eq!(judged.best, best, "{card}");
    }
    // The best line ends at the value where one frame holds throughout; in Ramsch and
    // Schellen-Schafkopf each player plays his own best, which ends where it ends.
    let frame = Frame::of(&game).expect("a frame");
    let mut line = game.clone();
    let mut one_frame = true;
    for card in solver.best_line(&game, None).expect("a best line") {
        one_frame &= Frame::of(&line).ok() == Some(frame);
        line.play(card).expect("a legal card of the line");
    }
    assert!(line.is_over());
    if one_frame {
        let end = naive_value_in(&line, &frame);
        assert_eq!(
            end,
            value,
            "the best line's end: {}",
            Record::from_game(&game).to_json()
        );
    }
    score_adds_up(&line);
}

#[cfg(test)]
mod regressions;
