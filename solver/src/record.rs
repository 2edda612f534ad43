//! The hand record of INTERFACE.md section 1: the raw JSON shape ([`Record`]), its
//! validation into a [`Setup`] and [`Game`], and the way back.
//!
//! Nothing is repaired: every fault is reported by name ([`Error`]).

use crate::cards::{Card, Cards, Deck, Rank, Suit};
use crate::contract::{holds_sie, Contract, Solo, Variant, Wenzels};
use crate::error::Error;
use crate::game::{Game, Setup};
use crate::options::{Doublings, Options, Tariff};
use crate::seat::{BySeat, Seat};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Card text as given: a string of space-separated cards or an array of card strings.
/// Kept as tokens so that a bad token can be named in the error.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CardText(pub Vec<String>);

impl CardText {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn from_cards(cards: impl IntoIterator<Item = Card>) -> CardText {
        CardText(cards.into_iter().map(|c| c.to_string()).collect())
    }

    /// Parses every token; `place` names where the text stands, for the error.
    pub fn cards(&self, place: &str) -> Result<Vec<Card>, Error> {
        self.0
            .iter()
            .map(|t| {
                t.parse::<Card>().map_err(|_| Error::BadCard {
                    place: place.to_string(),
                    text: t.clone(),
                })
            })
            .collect()
    }
}

impl Serialize for CardText {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0.join(" "))
    }
}

impl<'de> Deserialize<'de> for CardText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CardText, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Text(String),
            List(Vec<String>),
        }
        match Raw::deserialize(d) {
            Ok(Raw::Text(s)) => Ok(CardText(s.split_whitespace().map(str::to_string).collect())),
            Ok(Raw::List(v)) => Ok(CardText(
                v.iter()
                    .flat_map(|s| s.split_whitespace().map(str::to_string))
                    .collect(),
            )),
            Err(_) => Err(serde::de::Error::custom(
                "cards must be a string like \"EO GA S7\" or an array of card strings",
            )),
        }
    }
}

/// The `contract` object as given.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ContractSpec {
    pub game: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suit: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declarer: Option<i64>,
    /// Hochzeit: the partner. Sauspiel: if given, must be the holder of the called ace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partner: Option<i64>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tout: bool,
    /// German Schafkopf: 4, 6 or 8.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wenzels: Option<u64>,
    /// German Schafkopf: a forced game (nobody could declare).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub forced: bool,
}

impl ContractSpec {
    /// The record form of a contract.
    pub fn of(c: &Contract) -> ContractSpec {
        let (partner, wenzels, forced) = match *c {
            Contract::Hochzeit { partner, .. } => (Some(partner.index() as i64), None, false),
            Contract::German {
                wenzels, forced, ..
            } => (None, Some(wenzels.count() as u64), forced),
            _ => (None, None, false),
        };
        ContractSpec {
            game: c.game_name().to_string(),
            suit: c.suit().map(|s| s.char().to_string()),
            declarer: c.declarer().map(|d| d.index() as i64),
            partner,
            tout: c.is_tout(),
            wenzels,
            forced,
        }
    }
}

/// A hand record as it stands in a `.jsonl` log. Unknown fields are ignored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<String>,
    pub hands: Vec<CardText>,
    /// Required by everything but `contracts`, which asks which contract to play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contract: Option<ContractSpec>,
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "CardText::is_empty"
    )]
    pub play: CardText,
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Doublings::is_empty"
    )]
    pub doublings: Doublings,
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_default"
    )]
    pub tariff: Tariff,
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_default"
    )]
    pub rules: Options,
    /// Stock before the game (also accepted as `rules.stock`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stock: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<Vec<String>>,
}

fn is_default<T: Default + PartialEq>(t: &T) -> bool {
    *t == T::default()
}

/// An optional part given as `null` is the same as one left out.
fn null_as_default<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Default + Deserialize<'de>,
{
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}

impl Record {
    /// Parses one JSON line. Syntax errors and shape errors are told apart.
    pub fn from_json(text: &str) -> Result<Record, Error> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| match e.classify() {
                serde_json::error::Category::Data => Error::InvalidRecord(e.to_string()),
                _ => Error::MalformedJson(e.to_string()),
            })?;
        let Some(fields) = value.as_object() else {
            return Err(Error::InvalidRecord(
                "a record must be a JSON object".to_string(),
            ));
        };
        // serde would read these objects from arrays too (`"tariff": [10, 50]`, by field
        // order): a record that means something else than it says. Null means absent.
        for name in ["doublings", "tariff", "rules", "contract"] {
            match fields.get(name) {
                None | Some(serde_json::Value::Null | serde_json::Value::Object(_)) => {}
                Some(_) => {
                    return Err(Error::InvalidRecord(format!("`{name}` must be an object")));
                }
            }
        }
        serde_json::from_value(value).map_err(|e| Error::InvalidRecord(e.to_string()))
    }

    /// The record as one line of JSON.
    pub fn to_json(&self) -> String {
        // Serializing plain data structures to a string cannot fail.
        serde_json::to_string(self).expect("a record always serializes")
    }

    /// Validates the deal alone: variant, deck and hands (enough to ask which contract
    /// to play).
    pub fn deal(&self) -> Result<(Variant, Deck, BySeat<Cards>), Error> {
        let variant = match self.variant.as_deref() {
            None | Some("bavarian") => Variant::Bavarian,
            Some("german") => Variant::German,
            Some(other) => return Err(bad("variant", other)),
        };
        let deck = match self.deck.as_deref() {
            None | Some("long") => Deck::Long,
            Some("short") => Deck::Short,
            Some(other) => return Err(bad("deck", other)),
        };
        Ok((variant, deck, self.hands(deck)?))
    }

    /// Validates everything but the play.
    pub fn setup(&self) -> Result<Setup, Error> {
        let (variant, deck, hands) = self.deal()?;
        let spec = self.contract.as_ref().ok_or(Error::NoContract)?;
        let contract = self.contract(spec, variant, deck, &hands)?;
        self.setup_with(deck, hands, contract)
    }

    /// A setup of this record's deal, options and prices with another contract.
    pub fn setup_with(
        &self,
        deck: Deck,
        hands: BySeat<Cards>,
        contract: Contract,
    ) -> Result<Setup, Error> {
        let found = self.doublings.stoesse();
        let max = self.rules.stoss_max();
        if found > max as u32 {
            return Err(Error::TooManyDoublings { found, max });
        }
        Ok(Setup {
            id: self.id.clone(),
            deck,
            hands,
            contract,
            options: self.rules.clone(),
            tariff: self.tariff.clone(),
            doublings: self.doublings.clone(),
            stock: self.stock.or(self.rules.stock).unwrap_or(0),
            players: self.players.clone(),
        })
    }

    /// Validates the whole record and plays its cards, each checked.
    pub fn game(&self) -> Result<Game, Error> {
        let setup = self.setup()?;
        let play = self.play.cards("play")?;
        Game::replay(setup, &play)
    }

    fn hands(&self, deck: Deck) -> Result<BySeat<Cards>, Error> {
        if self.hands.len() != 4 {
            return Err(Error::HandCount(self.hands.len()));
        }
        let mut hands = BySeat([Cards::EMPTY; 4]);
        let mut seen = Cards::EMPTY;
        for seat in Seat::ALL {
            let cards = self.hands[seat.index()].cards(&format!("hand of seat {seat}"))?;
            for &card in &cards {
                if !deck.cards().contains(card) {
                    return Err(Error::CardNotInDeck {
                        card,
                        deck: deck.name(),
                    });
                }
                if seen.contains(card) {
                    return Err(Error::DuplicateCard(card));
                }
                seen.insert(card);
            }
            hands[seat] = cards.into_iter().collect();
        }
        let expected = deck.hand_size();
        if let Some(seat) = Seat::ALL
            .into_iter()
            .find(|s| hands[*s].len() as usize != expected)
        {
            // Short hands with cards absent: naming the absent card is the clearer message.
            if let Some(card) = deck.cards().without(seen).first() {
                return Err(Error::MissingCard(card));
            }
            return Err(Error::HandSize {
                seat,
                expected,
                found: hands[seat].len() as usize,
            });
        }
        Ok(hands)
    }

    fn contract(
        &self,
        spec: &ContractSpec,
        variant: Variant,
        deck: Deck,
        hands: &BySeat<Cards>,
    ) -> Result<Contract, Error> {
        let game: &'static str = match spec.game.as_str() {
            "sauspiel" => "sauspiel",
            "solo" => "solo",
            "wenz" => "wenz",
            "geier" => "geier",
            "farbwenz" => "farbwenz",
            "farbgeier" => "farbgeier",
            "bettel" => "bettel",
            "bettel_ouvert" => "bettel_ouvert",
            "ramsch" => "ramsch",
            "sie" => "sie",
            "hochzeit" => "hochzeit",
            "german" => "german",
            other => return Err(Error::UnknownGame(other.to_string())),
        };
        if (game == "german") != (variant == Variant::German) {
            return Err(Error::UnsupportedContract {
                variant: variant.name(),
                game,
            });
        }
        let suit = || -> Result<Suit, Error> {
            let text = spec.suit.as_deref().ok_or(Error::MissingField {
                game,
                field: "suit",
            })?;
            text.parse::<Suit>().map_err(|_| bad("suit", text))
        };
        let seat = |field: &'static str, value: Option<i64>| -> Result<Seat, Error> {
            let v = value.ok_or(Error::MissingField { game, field })?;
            u8::try_from(v)
                .ok()
                .and_then(Seat::new)
                .ok_or_else(|| bad("seat", &v.to_string()))
        };
        let declarer = || seat("declarer", spec.declarer);
        let tout = spec.tout;
        let solo = |game: Solo| -> Result<Contract, Error> {
            Ok(Contract::Solo {
                declarer: declarer()?,
                game,
                tout,
            })
        };
        if tout && !matches!(game, "solo" | "wenz" | "geier" | "farbwenz" | "farbgeier") {
            return Err(bad("tout game (only solo-class games have a Tout)", game));
        }
        let contract = match game {
            "sauspiel" => {
                let called = suit()?;
                if called == Suit::Herz {
                    return Err(Error::UncallableAce(called));
                }
                let declarer = declarer()?;
                let ace = Card::new(called, Rank::Ace);
                if hands[declarer].contains(ace) {
                    return Err(Error::DeclarerHoldsCalledAce {
                        seat: declarer,
                        ace,
                    });
                }
                let contract = Contract::Sauspiel { declarer, called };
                let plain = contract
                    .order(deck)
                    .group_cards(crate::order::Group::Plain(called));
                if hands[declarer].intersect(plain).is_empty() {
                    return Err(Error::CalledSuitNotHeld {
                        seat: declarer,
                        ace,
                    });
                }
                if let Some(p) = spec.partner {
                    let holder = Seat::ALL.into_iter().find(|s| hands[*s].contains(ace));
                    if holder.map(|h| h.index() as i64) != Some(p) {
                        return Err(bad(
                            "partner (the holder of the called ace is the partner)",
                            &p.to_string(),
                        ));
                    }
                }
                contract
            }
            "solo" => solo(Solo::Farbsolo(suit()?))?,
            "wenz" => solo(Solo::Wenz)?,
            "geier" => solo(Solo::Geier)?,
            "farbwenz" => solo(Solo::Farbwenz(suit()?))?,
            "farbgeier" => solo(Solo::Farbgeier(suit()?))?,
            "bettel" | "bettel_ouvert" => Contract::Bettel {
                declarer: declarer()?,
                ouvert: game == "bettel_ouvert",
            },
            "ramsch" => {
                if let Some(d) = spec.declarer {
                    return Err(bad("declarer (Ramsch has none)", &d.to_string()));
                }
                Contract::Ramsch
            }
            "sie" => {
                let declarer = declarer()?;
                if !holds_sie(hands[declarer], deck) {
                    return Err(Error::NoSie { seat: declarer });
                }
                Contract::Sie { declarer }
            }
            "hochzeit" => {
                let declarer = declarer()?;
                let partner = seat("partner", spec.partner)?;
                if partner == declarer {
                    return Err(Error::HochzeitPartner(declarer));
                }
                Contract::Hochzeit { declarer, partner }
            }
            "german" => {
                let n = spec
                    .wenzels
                    .or(self.rules.german_wenzels.map(u64::from))
                    .unwrap_or(4);
                let wenzels = Wenzels::from_count(n)
                    .ok_or_else(|| bad("number of wenzels", &n.to_string()))?;
                Contract::German {
                    declarer: declarer()?,
                    trump: suit()?,
                    wenzels,
                    forced: spec.forced,
                }
            }
            _ => unreachable!("every game name was matched above"),
        };
        Ok(contract)
    }

    /// The record of a game: its setup and the cards played so far.
    pub fn from_game(game: &Game) -> Record {
        let setup = game.setup();
        let c = setup.contract;
        Record {
            id: setup.id.clone(),
            variant: Some(c.variant().name().to_string()),
            deck: Some(setup.deck.name().to_string()),
            hands: setup
                .hands
                .0
                .iter()
                .map(|h| CardText::from_cards(*h))
                .collect(),
            contract: Some(ContractSpec::of(&c)),
            play: CardText::from_cards(game.plays().into_iter().map(|(_, c)| c)),
            doublings: setup.doublings.clone(),
            tariff: setup.tariff.clone(),
            rules: Options {
                stock: None,
                ..setup.options.clone()
            },
            stock: (setup.stock != 0).then_some(setup.stock),
            players: setup.players.clone(),
        }
    }
}

fn bad(what: &'static str, text: &str) -> Error {
    Error::BadValue {
        what,
        text: text.to_string(),
    }
}
