//! The special rounds (RULES.md section 12): what each allows a deal's contract, and how
//! its cards change hands before it.
//!
//! In a Schieber round or Teufelsrunde cards set aside before the deal are handed to
//! forehand by a pass without a giver, and a Schieber passes them on; a Zupf-Solo's
//! soloist exchanges one card; the other rounds (Hadsch, Strixner, the Allgäu round, the
//! last round) pass nothing. A record gives the hands as dealt and the passes in order;
//! the hands the contract is played with follow from them. Every pass is checked: the
//! giver holds the cards when he passes them, and the round's shape (who passes what to
//! whom) is the seed's.

use crate::cards::{Card, Cards, Deck, Rank, Suit};
use crate::contract::{Contract, Solo};
use crate::error::Error;
use crate::options::{Doublings, LastRound};
use crate::seat::{BySeat, Seat};

/// A round whose hands change before the contract.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Round {
    /// The highest two (three, four) Obers are set aside; the dealer gets as many cards
    /// fewer. Forehand picks them up and passes as many face down to middlehand, who
    /// passes as many to rearhand, who passes as many to the dealer. Forehand plays a suit
    /// solo.
    Schieber,
    /// Forehand is given `EO GO SO EU` before the deal (and as many cards fewer) and plays
    /// a suit solo.
    Teufelsrunde,
    /// Zupf-Solo: the soloist gives a card of his choice to another player and takes one
    /// of his choice from him (two passes, one card each; RULES.md section 12).
    Zupf,
    /// Hadsch: forehand must play, and is automatically doubled against (no passes;
    /// RULES.md section 12).
    Hadsch,
    /// A game of the Allgäu round: three rounds (twelve games) in which each player must
    /// play a Sauspiel, a Wenz and a suit solo; the ledger checks the obligations.
    Allgaeu,
    /// A game of the last round: dealt first by the player who last held `EO` in a
    /// Sauspiel; `rules.last_round` may double it or allow only solos.
    Last,
    /// Strixner: no auction; the first three tricks are played each for himself under
    /// the normal rules (the Sauspiel's trumps), and whoever takes the third announces a
    /// solo, which the rest of the hand is played as (RULES.md section 12).
    Strixner,
}

/// Tricks of a Strixner played before its solo is announced.
pub const STRIXNER_TRICKS: usize = 3;

/// How a round's cards change hands before the contract ([`Round::passing`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Passing {
    /// Cards set aside before the deal go to forehand, and may be passed on.
    SetAside(SetAside),
    /// The soloist gives a card and takes one (a Zupf-Solo).
    Exchange,
    /// Every hand is dealt in full and kept.
    None,
}

/// The rounds that set cards aside before the deal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum SetAside {
    Schieber,
    Teufelsrunde,
}

impl SetAside {
    /// The cards set aside, as the first pass hands them to forehand.
    fn check(self, cards: Cards) -> Result<(), Error> {
        let fits = match self {
            SetAside::Schieber => (2..=4).any(|k| cards == OBERS[..k].iter().copied().collect()),
            SetAside::Teufelsrunde => cards == DEVILS.iter().copied().collect(),
        };
        if fits {
            return Ok(());
        }
        Err(pass_fault(
            0,
            match self {
                SetAside::Schieber => format!(
                    "a Schieber sets aside EO GO (or EO GO HO, or all four Obers) for \
                     forehand, not {cards}"
                ),
                SetAside::Teufelsrunde => {
                    format!("the Teufelsrunde gives forehand EO GO SO EU, not {cards}")
                }
            },
        ))
    }

    /// Who passes to whom, pass by pass after the first (the cards set aside).
    fn chain(self) -> &'static [(Seat, Seat)] {
        match self {
            SetAside::Schieber => &[
                (Seat::S0, Seat::S1),
                (Seat::S1, Seat::S2),
                (Seat::S2, Seat::S3),
            ],
            SetAside::Teufelsrunde => &[],
        }
    }

    /// The seat dealt fewer cards by as many as are set aside.
    fn short_seat(self) -> Seat {
        match self {
            SetAside::Schieber => Seat::S3,
            SetAside::Teufelsrunde => Seat::S0,
        }
    }
}

/// Cards handed to `to` before the contract: by `from`, or from the cards set aside
/// (`from` is `None`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pass {
    pub from: Option<Seat>,
    pub to: Seat,
    pub cards: Cards,
}

/// The Obers in rank order: a Schieber sets aside the first two, three or four.
const OBERS: [Card; 4] = [
    Card::new(Suit::Eichel, Rank::Ober),
    Card::new(Suit::Gras, Rank::Ober),
    Card::new(Suit::Herz, Rank::Ober),
    Card::new(Suit::Schellen, Rank::Ober),
];

/// What the Teufelsrunde gives forehand before the deal.
const DEVILS: [Card; 4] = [
    Card::new(Suit::Eichel, Rank::Ober),
    Card::new(Suit::Gras, Rank::Ober),
    Card::new(Suit::Schellen, Rank::Ober),
    Card::new(Suit::Eichel, Rank::Unter),
];

impl Round {
    pub const ALL: [Round; 7] = [
        Round::Schieber,
        Round::Teufelsrunde,
        Round::Zupf,
        Round::Hadsch,
        Round::Allgaeu,
        Round::Last,
        Round::Strixner,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Round::Schieber => "schieber",
            Round::Teufelsrunde => "teufelsrunde",
            Round::Zupf => "zupf",
            Round::Hadsch => "hadsch",
            Round::Allgaeu => "allgaeu",
            Round::Last => "last",
            Round::Strixner => "strixner",
        }
    }

    pub fn from_name(text: &str) -> Option<Round> {
        let lower = text.to_lowercase();
        Round::ALL.into_iter().find(|r| r.name() == lower)
    }

    /// Forehand plays a suit solo (Tout allowed): the seed's "can only play a suit solo".
    /// A Zupf-Solo is any solo-class game, Tout allowed (whose it is: [`Round::check_giver`]).
    /// In a Hadsch forehand declares any game he may announce.
    pub fn check_contract(self, contract: &Contract) -> Result<(), Error> {
        let fits = match (self, contract) {
            (Round::Schieber | Round::Teufelsrunde, Contract::Solo { declarer, game, .. }) => {
                *declarer == Seat::S0 && matches!(game, Solo::Farbsolo(_))
            }
            (Round::Zupf | Round::Strixner, Contract::Solo { .. }) => true,
            (Round::Hadsch, c) => c.declarer() == Some(Seat::S0),
            (Round::Allgaeu, c) => allgaeu_obligation(c).is_some(),
            // What the table allows in it is [`Round::check_rules`]'s.
            (Round::Last, _) => true,
            _ => false,
        };
        if fits {
            return Ok(());
        }
        Err(Error::RoundContract {
            round: self.name(),
            rule: match self {
                Round::Schieber | Round::Teufelsrunde => "a suit solo by seat 0 (forehand)",
                Round::Zupf => "a solo-class game of the soloist",
                Round::Hadsch => "a game declared by seat 0 (forehand)",
                Round::Allgaeu => "a Sauspiel, a Wenz or a suit solo",
                Round::Last => "any game",
                Round::Strixner => "a solo-class game of the seat that takes the third trick",
            },
            contract: contract.to_string(),
        })
    }

    /// Whether forehand must declare: in a Hadsch he may not pass.
    pub fn must_declare(self) -> bool {
        self == Round::Hadsch
    }

    /// What the round asks of a game's doublings and the table's rules: a Hadsch is
    /// doubled against of itself, and its record counts that Kontra; the last round is
    /// doubled (a Bock the record counts) or played with solos only where the table says.
    pub fn check_rules(
        self,
        contract: &Contract,
        rules: LastRound,
        doublings: &Doublings,
    ) -> Result<(), Error> {
        match (self, rules) {
            (Round::Hadsch, _) if doublings.kontra == 0 => Err(Error::BadDoublings(
                "a Hadsch is doubled against of itself: its record counts that Kontra \
                 (doublings.kontra at least 1)"
                    .to_string(),
            )),
            (Round::Last, LastRound::Double) if doublings.bock == 0 => Err(Error::BadDoublings(
                "the last round is played at double value (rules.last_round: double): its \
                 record counts that doubling as a Bock (doublings.bock at least 1)"
                    .to_string(),
            )),
            (Round::Last, LastRound::Solos)
                if !matches!(contract, Contract::Solo { .. } | Contract::Sie { .. }) =>
            {
                Err(Error::RoundContract {
                    round: self.name(),
                    rule: "a solo (rules.last_round: solos)",
                    contract: contract.to_string(),
                })
            }
            _ => Ok(()),
        }
    }

    /// Whether a hand of this round may be thrown in: a Zupf-Solo is announced before its
    /// exchange, so it is always played.
    pub fn check_thrown_in(self) -> Result<(), Error> {
        match self {
            Round::Zupf => Err(Error::Conflict(
                "thrown_in: a Zupf-Solo is announced before its exchange: it is played, never \
                 thrown in"
                    .to_string(),
            )),
            Round::Hadsch => Err(Error::Conflict(
                "thrown_in: in a Hadsch forehand must play: it is never thrown in".to_string(),
            )),
            Round::Schieber | Round::Teufelsrunde | Round::Last => Ok(()),
            Round::Allgaeu => Err(Error::Conflict(
                "thrown_in: every game of the Allgäu round is played (each player owes a \
                 Sauspiel, a Wenz and a suit solo)"
                    .to_string(),
            )),
            Round::Strixner => Err(Error::Conflict(
                "thrown_in: a Strixner has no auction: it is played from the first card, \
                 never thrown in"
                    .to_string(),
            )),
        }
    }

    /// In a Zupf-Solo the soloist exchanges: the first pass is the declarer's.
    pub fn check_giver(self, contract: &Contract, passes: &[Pass]) -> Result<(), Error> {
        let giver = passes.first().and_then(|p| p.from);
        match (self, contract.declarer()) {
            (Round::Zupf, Some(declarer)) if giver != Some(declarer) => Err(pass_fault(
                0,
                format!(
                    "in a Zupf-Solo the soloist gives first: pass 0 is from seat {declarer}, \
                     the declarer"
                ),
            )),
            _ => Ok(()),
        }
    }

    /// How the round's cards change hands before the contract: set aside and passed on
    /// (Schieber, Teufelsrunde), exchanged (Zupf-Solo), or not at all.
    fn passing(self) -> Passing {
        match self {
            Round::Schieber => Passing::SetAside(SetAside::Schieber),
            Round::Teufelsrunde => Passing::SetAside(SetAside::Teufelsrunde),
            Round::Zupf => Passing::Exchange,
            Round::Hadsch | Round::Allgaeu | Round::Last | Round::Strixner => Passing::None,
        }
    }

    /// Who passes to whom after the cards set aside (none outside a Schieber).
    fn chain(self) -> &'static [(Seat, Seat)] {
        match self.passing() {
            Passing::SetAside(aside) => aside.chain(),
            Passing::Exchange | Passing::None => &[],
        }
    }

    /// The passes a round has in full: the cards set aside, then one per link (a Zupf-Solo:
    /// the soloist's card and the one he takes).
    pub fn pass_count(self) -> usize {
        match self.passing() {
            Passing::Exchange => 2,
            Passing::None => 0,
            Passing::SetAside(aside) => aside.chain().len() + 1,
        }
    }

    /// The passes made once forehand has passed: the cards set aside, and his own pass
    /// where the round has one.
    pub fn forehands_pass(self) -> usize {
        self.pass_count().min(2)
    }

    /// The passes of a round thrown in part-way, completed: each pass not made is filled
    /// with the first cards its giver holds. Only a view that saw none of the added passes
    /// may use them: forehand's once he has passed himself (in a Schieber the passes after
    /// his go from middlehand to rearhand to the dealer), whose view is the same whichever
    /// cards they hand on ([`crate::single_dummy`] leaves unseen passes open).
    pub fn completed(
        self,
        deck: Deck,
        dealt: &BySeat<Cards>,
        passes: &[Pass],
    ) -> Result<Vec<Pass>, Error> {
        self.check_thrown_in()?;
        let mut hands = self.pass(deck, dealt, passes, false)?;
        let k = passes.first().map_or(0, |p| p.cards.len() as usize);
        let mut all = passes.to_vec();
        for &(from, to) in self.chain().iter().skip(passes.len() - 1) {
            let cards: Cards = hands[from].into_iter().take(k).collect();
            hands[from] = hands[from].without(cards);
            hands[to] |= cards;
            all.push(Pass {
                from: Some(from),
                to,
                cards,
            });
        }
        Ok(all)
    }

    /// The hands after the passes, from the hands as dealt. Every card of `deck` is dealt
    /// or set aside exactly once (the caller has checked each card once); the passes have
    /// the round's shape and each giver holds what he passes. With `complete`, every pass
    /// of the round must be there (a hand is played); without, the passing may have
    /// stopped early (a round thrown in).
    pub fn pass(
        self,
        deck: Deck,
        dealt: &BySeat<Cards>,
        passes: &[Pass],
        complete: bool,
    ) -> Result<BySeat<Cards>, Error> {
        let aside = match self.passing() {
            Passing::Exchange => return zupf(deck, dealt, passes),
            Passing::None => return full_hands(self, deck, dealt, passes),
            Passing::SetAside(aside) => aside,
        };
        let Some(first) = passes.first() else {
            return Err(pass_fault(
                0,
                format!(
                    "a {} starts by handing forehand the cards set aside",
                    self.name()
                ),
            ));
        };
        if first.from.is_some() || first.to != Seat::S0 {
            return Err(pass_fault(
                0,
                "the first pass hands forehand (seat 0) the cards set aside: no `from`".to_string(),
            ));
        }
        aside.check(first.cards)?;
        let k = first.cards.len() as usize;
        let dealt_cards = Seat::ALL
            .into_iter()
            .fold(Cards::EMPTY, |a, s| a | dealt[s]);
        if let Some(card) = dealt_cards.intersect(first.cards).first() {
            return Err(Error::DuplicateCard(card));
        }
        for seat in Seat::ALL {
            let expected = deck.hand_size() - if seat == aside.short_seat() { k } else { 0 };
            if dealt[seat].len() as usize != expected {
                return Err(Error::HandSize {
                    seat,
                    expected,
                    found: dealt[seat].len() as usize,
                    missing: deck.cards().without(dealt_cards | first.cards).first(),
                });
            }
        }
        let mut hands = *dealt;
        hands[Seat::S0] |= first.cards;
        let chain = aside.chain();
        if passes.len() - 1 > chain.len() {
            let n = chain.len() + 1;
            let passes = if n == 1 { "pass" } else { "passes" };
            return Err(pass_fault(n, format!("a {} has {n} {passes}", self.name())));
        }
        for (i, (pass, &(from, to))) in passes[1..].iter().zip(chain).enumerate() {
            let index = i + 1;
            if pass.from != Some(from) || pass.to != to {
                return Err(pass_fault(
                    index,
                    format!(
                        "pass {index} of a {} goes from seat {from} to seat {to}",
                        self.name()
                    ),
                ));
            }
            if pass.cards.len() as usize != k {
                return Err(pass_fault(
                    index,
                    format!("each pass hands on {k} cards, as many as were set aside"),
                ));
            }
            if let Some(card) = pass.cards.without(hands[from]).first() {
                return Err(pass_fault(
                    index,
                    format!("seat {from} passes {card} but does not hold it"),
                ));
            }
            hands[from] = hands[from].without(pass.cards);
            hands[to] |= pass.cards;
        }
        if complete && passes.len() < chain.len() + 1 {
            return Err(pass_fault(
                passes.len(),
                format!(
                    "a {} played needs all {} passes (only a round thrown in stops early)",
                    self.name(),
                    chain.len() + 1
                ),
            ));
        }
        Ok(hands)
    }
}

/// The hands as dealt, from the hands after `passes`: each pass undone, last first.
pub fn undo_passes(hands: &BySeat<Cards>, passes: &[Pass]) -> BySeat<Cards> {
    let mut dealt = *hands;
    for pass in passes.iter().rev() {
        dealt[pass.to] = dealt[pass.to].without(pass.cards);
        if let Some(from) = pass.from {
            dealt[from] |= pass.cards;
        }
    }
    dealt
}

/// The hands of a round that passes nothing (Hadsch, Allgäu): as dealt, every hand in full.
fn full_hands(
    round: Round,
    deck: Deck,
    dealt: &BySeat<Cards>,
    passes: &[Pass],
) -> Result<BySeat<Cards>, Error> {
    check_full(deck, dealt)?;
    if !passes.is_empty() {
        return Err(pass_fault(
            0,
            format!("a {} round passes no cards", round.name()),
        ));
    }
    Ok(*dealt)
}

/// Which of the Allgäu round's three obligations a contract meets: 0 a Sauspiel, 1 a Wenz,
/// 2 a suit solo (a Tout of either counts as it); none for any other game.
pub fn allgaeu_obligation(contract: &Contract) -> Option<usize> {
    match contract {
        Contract::Sauspiel { .. } => Some(0),
        Contract::Solo {
            game: Solo::Wenz, ..
        } => Some(1),
        Contract::Solo {
            game: Solo::Farbsolo(_),
            ..
        } => Some(2),
        _ => None,
    }
}

/// The Allgäu round's obligations, by [`allgaeu_obligation`]'s index.
pub const ALLGAEU_NAMES: [&str; 3] = ["Sauspiel", "Wenz", "suit solo"];

/// Every hand dealt in full (the rounds that set nothing aside).
fn check_full(deck: Deck, dealt: &BySeat<Cards>) -> Result<(), Error> {
    for seat in Seat::ALL {
        if dealt[seat].len() as usize != deck.hand_size() {
            return Err(Error::HandSize {
                seat,
                expected: deck.hand_size(),
                found: dealt[seat].len() as usize,
                missing: None,
            });
        }
    }
    Ok(())
}

/// The hands after a Zupf-Solo's exchange: every hand dealt in full, then the soloist's
/// card to another seat and one card that seat held before it back to him.
fn zupf(deck: Deck, dealt: &BySeat<Cards>, passes: &[Pass]) -> Result<BySeat<Cards>, Error> {
    check_full(deck, dealt)?;
    let [give, take] = passes else {
        return Err(pass_fault(
            passes.len().min(2),
            "a Zupf-Solo has two passes: the soloist's card to another seat, and the card he \
             takes from that seat"
                .to_string(),
        ));
    };
    let Some(soloist) = give.from else {
        return Err(pass_fault(
            0,
            "the soloist gives the first card: give `from`".to_string(),
        ));
    };
    let other = give.to;
    if other == soloist || take.from != Some(other) || take.to != soloist {
        return Err(pass_fault(
            1,
            format!(
                "the soloist (seat {soloist}) gives a card to another seat and takes one from \
                 that same seat: pass 1 goes from seat {other} to seat {soloist}"
            ),
        ));
    }
    for (index, pass) in passes.iter().enumerate() {
        if pass.cards.len() != 1 {
            return Err(pass_fault(
                index,
                "each pass of a Zupf-Solo is one card".to_string(),
            ));
        }
    }
    let holder = |index: usize, seat: Seat, cards: Cards| match cards.without(dealt[seat]).first() {
        Some(card) => Err(pass_fault(
            index,
            format!("seat {seat} passes {card} but was not dealt it"),
        )),
        None => Ok(()),
    };
    holder(0, soloist, give.cards)?;
    holder(1, other, take.cards)?;
    let mut hands = *dealt;
    hands[soloist] = hands[soloist].without(give.cards) | take.cards;
    hands[other] = hands[other].without(take.cards) | give.cards;
    Ok(hands)
}

fn pass_fault(index: usize, fault: String) -> Error {
    Error::BadPass { index, fault }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(text: &str) -> Cards {
        text.parse().unwrap()
    }

    /// The first Schieber of NetSchafkopf's `samples-16.05.20.txt` (game 17).
    fn schieber() -> (BySeat<Cards>, Vec<Pass>) {
        let dealt = BySeat([
            cards("S7 SK S9 S8 H9 SU HU GZ"),
            cards("GU HO G9 SZ G8 HK H7 G7"),
            cards("HZ EA EZ EK E8 H8 SO HA"),
            cards("GK GA SA E7 E9 EU"),
        ]);
        let pass = |from: Option<u8>, to: u8, c: &str| Pass {
            from: from.and_then(Seat::new),
            to: Seat::new(to).unwrap(),
            cards: cards(c),
        };
        let passes = vec![
            pass(None, 0, "EO GO"),
            pass(Some(0), 1, "H9 GZ"),
            pass(Some(1), 2, "GU HO"),
            pass(Some(2), 3, "E8 H8"),
        ];
        (dealt, passes)
    }

    #[test]
    fn a_schieber_hands_on_two_cards_round_the_table() {
        let (dealt, passes) = schieber();
        let hands = Round::Schieber
            .pass(Deck::Long, &dealt, &passes, true)
            .unwrap();
        assert_eq!(hands[Seat::S0], cards("EO GO S7 SK S9 S8 SU HU"));
        assert_eq!(hands[Seat::S3], cards("GK GA SA E7 E9 EU E8 H8"));
        assert_eq!(undo_passes(&hands, &passes), dealt);
    }

    #[test]
    fn passes_break_the_round_by_name() {
        let (dealt, passes) = schieber();
        let fault = |passes: &[Pass], complete| {
            Round::Schieber
                .pass(Deck::Long, &dealt, passes, complete)
                .unwrap_err()
                .to_string()
        };
        let mut wrong = passes.clone();
        wrong[2].cards = cards("GU EA");
        assert_eq!(
            fault(&wrong, true),
            "passes[2]: seat 1 passes EA but does not hold it"
        );
        let mut wrong = passes.clone();
        wrong[1].to = Seat::S2;
        assert_eq!(
            fault(&wrong, true),
            "passes[1]: pass 1 of a schieber goes from seat 0 to seat 1"
        );
        assert_eq!(
            fault(&passes[..2], true),
            "passes[2]: a schieber played needs all 4 passes (only a round thrown in stops early)"
        );
        assert!(Round::Schieber
            .pass(Deck::Long, &dealt, &passes[..1], false)
            .is_ok());
        let mut wrong = passes.clone();
        wrong[0].cards = cards("EO HO");
        assert!(fault(&wrong, true).starts_with("passes[0]: a Schieber sets aside EO GO"));
    }
}

#[cfg(test)]
mod teufelsrunde {
    use super::*;
    use crate::record::Record;

    #[test]
    fn forehand_is_given_the_devils_four_and_plays_a_suit_solo() {
        let record = r#"{"hands": ["HA HZ H9 S7", "EA EZ EK E9 E8 E7 GA GZ",
            "GK G9 G8 G7 HK H8 H7 SA", "SZ SK S9 S8 HO HU GU SU"],
            "round": "teufelsrunde", "passes": [{"to": 0, "cards": "EO GO SO EU"}],
            "contract": {"game": "solo", "suit": "H", "declarer": 0}}"#;
        let game = Record::from_json(record).unwrap().game().unwrap();
        assert_eq!(
            game.hands()[Seat::S0],
            "EO GO SO EU HA HZ H9 S7".parse().unwrap()
        );
        // Anything but the set four, or another seat short, is refused by name.
        let wrong = record
            .replace("EO GO SO EU", "EO GO HO EU")
            .replace("HO HU GU SU", "SO HU GU SU");
        let fault = Record::from_json(&wrong).unwrap().game().unwrap_err();
        assert!(fault
            .to_string()
            .contains("the Teufelsrunde gives forehand EO GO SO EU, not"));
        let wenz = record.replace(r#""game": "solo", "suit": "H""#, r#""game": "wenz""#);
        assert_eq!(
            Record::from_json(&wenz).unwrap().game().unwrap_err().code(),
            "round_contract"
        );
        let more = record.replace(r#"}],"#, r#"}, {"from": 0, "to": 1, "cards": "S7"}],"#);
        assert_eq!(
            Record::from_json(&more)
                .unwrap()
                .game()
                .unwrap_err()
                .to_string(),
            "passes[1]: a teufelsrunde has 1 pass"
        );
    }
}
