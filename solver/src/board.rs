//! What the analysis board shows of a game at one position, without any search: each
//! hand left as a player sorts it for the contract, the cards the player to move may play,
//! the tricks so far (who led, who took each, its points) and the score once the hand is
//! over. Before a contract is chosen, each seat's hand and the contracts it may announce
//! on the deal. The board asks the values of the cards of [`crate::Solver::solve`].

use crate::cards::{Card, Cards};
use crate::error::Error;
use crate::game::{choices, Deal, Game};
use crate::record::{ContractSpec, Record};
use crate::seat::Seat;
use crate::settle::Score;
use crate::shown::{cards_text, hands_text, sorted_hands, TrickTaken};
use serde::Serialize;

/// A game (or a deal before its contract) at one position.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Board {
    pub id: Option<String>,
    /// Each seat's cards still held: trumps first from the highest, then each plain suit
    /// (Eichel, Gras, Herz, Schellen) from its highest card; before a contract, by suit.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Vec<String>>))]
    #[serde(serialize_with = "hands_text")]
    pub hands: [Vec<Card>; 4],
    /// The contract as the record form writes it (absent before one is chosen).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contract: Option<ContractSpec>,
    /// The declaring side (empty in Ramsch, before a contract and in a Strixner's opening
    /// tricks, before the solo is announced).
    pub declarers: Vec<Seat>,
    /// Whose card it is (absent before a contract and once the hand is over).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_move: Option<Seat>,
    /// The cards the player to move may play, in card order.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    #[serde(serialize_with = "cards_text")]
    pub legal: Vec<Card>,
    /// The finished tricks, in order.
    pub tricks: Vec<TrickTaken>,
    /// The cards of the trick on the table, from its leader's.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    #[serde(serialize_with = "cards_text")]
    pub current: Vec<Card>,
    /// Who leads the trick on the table (or the next one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub leader: Option<Seat>,
    /// The result as played, once every card is played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<Score>,
    /// Before a contract: per seat, what it may choose on the deal under the table's
    /// variant and rules (`rules.games`, its round and Muss game kept; in the German game
    /// the declarer's two games); empty once a contract is chosen.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub announceable: Vec<Vec<ContractSpec>>,
    /// Before a contract: what is played when every seat passes, where the table plays a
    /// game then (a Ramsch under `rules.all_pass: ramsch`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub all_pass: Option<ContractSpec>,
}

impl Board {
    /// The board of a record: its game after `play` (which may stop within a Strixner's
    /// opening tricks: everyone for himself, no sides yet), or before a contract its deal
    /// (then `play` must be empty). A hand thrown in has no board.
    pub fn of_record(record: &Record) -> Result<Board, Error> {
        record.check_names()?;
        if record.thrown_in {
            return Err(Error::ThrownIn);
        }
        match record.contract {
            Some(_) => Ok(Board::of_game(&record.game_so_far()?)),
            None if record.play.is_empty() => Ok(Board::of_deal(&record.deal()?)),
            None => Err(Error::NoContract),
        }
    }

    /// A deal before its contract: the hands by suit, and what each seat may announce.
    pub fn of_deal(deal: &Deal) -> Board {
        let by_suit = |hand: Cards| hand.into_iter().collect::<Vec<Card>>();
        Board {
            id: deal.id().map(str::to_string),
            hands: Seat::ALL.map(|s| by_suit(deal.hands()[s])),
            contract: None,
            declarers: Vec::new(),
            to_move: None,
            legal: Vec::new(),
            tricks: Vec::new(),
            current: Vec::new(),
            leader: None,
            score: None,
            announceable: Seat::ALL
                .iter()
                .map(|&s| choices(deal, s).iter().map(ContractSpec::of).collect())
                .collect(),
            all_pass: deal.all_pass_game().as_ref().map(ContractSpec::of),
        }
    }

    /// A game at its position.
    pub fn of_game(game: &Game) -> Board {
        let setup = game.setup();
        // A hand that ended with a revoke is over too: no one is to move.
        let over = game.has_ended();
        Board {
            id: setup.id().map(str::to_string),
            hands: sorted_hands(game, game.hands()),
            contract: Some(ContractSpec::of(&setup.contract())),
            declarers: match game.in_opening() {
                true => Vec::new(),
                false => setup.declarers().iter().collect(),
            },
            to_move: (!over).then(|| game.to_move()),
            legal: match over {
                true => Vec::new(),
                false => game.legal_cards().into_iter().collect(),
            },
            tricks: TrickTaken::all(game),
            current: game.current_trick().to_vec(),
            leader: (!over).then(|| game.leader()),
            // A finished game (or one ended by a revoke) always scores: `Score::of` fails
            // only on an unfinished one.
            score: over.then(|| Score::of(game).ok()).flatten(),
            announceable: Vec::new(),
            all_pass: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEAL: &str = r#""hands": ["HO GU SU HA H9 H8 GK G8", "GO EU HU H7 EA E9 SK S7",
        "EO SO HK EZ E8 E7 SA S9", "HZ EK GA GZ G9 G7 SZ S8"]"#;

    fn board(fields: &str) -> Result<Board, Error> {
        Board::of_record(&Record::from_json(&format!("{{{DEAL}{fields}}}")).unwrap())
    }

    #[test]
    fn a_game_shows_sorted_hands_legal_cards_and_its_tricks() {
        let b = board(
            r#", "contract": {"game": "sauspiel", "suit": "G", "declarer": 0},
                "play": "H8 H7 HK HZ G7""#,
        )
        .unwrap();
        // Trumps first from the highest (HO GU SU HA H9), then Gras: H8 is played.
        let text = |cards: &[Card]| cards.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        assert_eq!(
            text(&b.hands[0]),
            ["HO", "GU", "SU", "HA", "H9", "GK", "G8"]
        );
        // Seat 3 took the first trick with HZ over HK (0 + 0 + 4 + 10 points) and leads G7.
        assert_eq!(b.tricks.len(), 1);
        assert_eq!(b.tricks[0].winner, Seat::S3);
        assert_eq!(b.tricks[0].points, 14);
        assert_eq!(b.leader, Some(Seat::S3));
        assert_eq!(text(&b.current), ["G7"]);
        // Seat 0 must follow Gras: only its Gras cards.
        assert_eq!(b.to_move, Some(Seat::S0));
        assert_eq!(text(&b.legal), ["GK", "G8"]);
        assert_eq!(b.declarers, vec![Seat::S0, Seat::S3]);
        assert!(b.score.is_none());
        assert!(b.announceable.is_empty());
    }

    #[test]
    fn a_deal_without_contract_lists_what_each_seat_may_announce() {
        let b = board("").unwrap();
        assert!(b.contract.is_none() && b.to_move.is_none() && b.legal.is_empty());
        assert_eq!(b.announceable.len(), 4);
        // Seat 0 holds GK G8 and no Gras ace: he may call the Gras ace, not the Herz.
        let games: Vec<(String, Option<String>)> = b.announceable[0]
            .iter()
            .map(|c| (c.game.clone(), c.suit.clone()))
            .collect();
        assert!(games.contains(&("sauspiel".into(), Some("G".into()))));
        assert!(!games.contains(&("sauspiel".into(), Some("H".into()))));
        // Play without a contract is refused by name.
        assert!(matches!(board(r#", "play": "H8""#), Err(Error::NoContract)));
    }

    /// A German deal offers the declarer's two games (with his partner, alone) and nothing
    /// else; a Bavarian table offers a Ramsch when all pass only where it plays one.
    #[test]
    fn a_deal_offers_the_choices_of_its_variant_and_table() {
        let german = Board::of_record(
            &Record::from_json(
                r#"{"variant": "german", "hands": ["EU GU SA EK SU GK HK SO",
                    "H9 GZ HO GA E8 HZ G9 G7", "S9 EO E9 EZ E7 G8 EA S7",
                    "HU S8 SK H8 SZ GO H7 HA"]}"#,
            )
            .unwrap(),
        )
        .unwrap();
        let offered: Vec<(usize, String, Option<String>, bool)> = german
            .announceable
            .iter()
            .enumerate()
            .flat_map(|(seat, list)| {
                list.iter()
                    .map(move |c| (seat, c.game.clone(), c.suit.clone(), c.solo))
            })
            .collect();
        assert_eq!(
            offered,
            [
                (2, "german".to_string(), Some("E".to_string()), false),
                (2, "german".to_string(), Some("E".to_string()), true),
            ]
        );
        assert!(german.all_pass.is_none());
        // Each offered game is one the record takes.
        for (_, _, _, solo) in &offered {
            let record = format!(
                r#"{{"variant": "german", "hands": ["EU GU SA EK SU GK HK SO",
                    "H9 GZ HO GA E8 HZ G9 G7", "S9 EO E9 EZ E7 G8 EA S7",
                    "HU S8 SK H8 SZ GO H7 HA"],
                    "contract": {{"game": "german", "suit": "E", "declarer": 2, "solo": {solo}}}}}"#
            );
            assert!(Board::of_record(&Record::from_json(&record).unwrap()).is_ok());
        }
        assert!(board("").unwrap().all_pass.is_none());
        let ramsch = board(r#", "rules": {"all_pass": "ramsch"}"#).unwrap();
        assert_eq!(ramsch.all_pass.map(|c| c.game), Some("ramsch".to_string()));
        let kreuzbock = board(r#", "rules": {"all_pass": "kreuzbock"}"#).unwrap();
        let game = kreuzbock.all_pass.map(|c| (c.game, c.declarer));
        assert_eq!(game, Some(("kreuzbock".to_string(), Some(0))));
    }

    #[test]
    fn a_finished_game_carries_its_score() {
        let b = board(
            r#", "contract": {"game": "sauspiel", "suit": "G", "declarer": 0},
                "play": "H8 H7 HK HZ G7 G8 HU SO SA S8 HA S7 SU GO EO G9 E7 EK H9 E9 HO EU S9 SZ GK SK E8 GA GZ GU EA EZ""#,
        )
        .unwrap();
        let score = b.score.expect("a finished game scores");
        assert_eq!(score.points, [74, 0, 13, 33]);
        assert_eq!(score.payouts, [20, -20, -20, 20]);
        assert!(b.to_move.is_none() && b.legal.is_empty() && b.leader.is_none());
        assert_eq!(b.tricks.len(), 8);
        assert!(b.hands.iter().all(Vec::is_empty));
    }

    #[test]
    fn a_strixner_shows_its_opening_tricks_before_the_solo_without_sides() {
        use crate::pack::Pack;
        use crate::record::CardText;
        // Everyone plays for himself in the first three tricks: the board steps through
        // them (no sides yet), while a search of such a position is refused by name.
        let line = include_str!("../../examples/strixner.jsonl")
            .lines()
            .next()
            .unwrap();
        let mut record = Record::from_json(line).unwrap();
        let play: Vec<Card> = record.play.cards(Pack::German, "play").unwrap();
        record.play = CardText::from_cards(play[..5].to_vec());
        let b = Board::of_record(&Record::from_json(&record.to_json()).unwrap()).unwrap();
        assert_eq!((b.tricks.len(), b.current.len()), (1, 1));
        assert!(b.declarers.is_empty() && !b.legal.is_empty());
        let e = Record::from_json(&record.to_json())
            .unwrap()
            .game()
            .unwrap_err();
        assert!(
            e.to_string().contains("must reach it (5 of 12 cards)"),
            "{e}"
        );
        // From the twelfth card the solo's sides are shown.
        record.play = CardText::from_cards(play[..12].to_vec());
        let b = Board::of_record(&Record::from_json(&record.to_json()).unwrap()).unwrap();
        assert_eq!(b.declarers, [Seat::S0]);
    }
}
