//! Contracts as data: who declares, which cards are trumps, who plays with whom, and what
//! the declaring side must reach (RULES.md sections 2, 4, 7 and 8).

use crate::cards::{Card, Cards, Deck, Rank, Suit};
use crate::order::{
    Order, KINGS, OBERS_UNTERS, PLAIN_BETTEL, PLAIN_EISENBAHNER, PLAIN_GEIER, PLAIN_GERMAN,
    PLAIN_KOENIG, PLAIN_NORMAL, PLAIN_WENZ, TENS,
};
use crate::seat::{BySeat, Seat, Seats};
use std::fmt;

/// The two games the product knows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Bavarian Schafkopf, the modern game.
    #[default]
    Bavarian,
    /// German Schafkopf, the older game with fixed partnerships.
    German,
}

impl Variant {
    pub fn name(self) -> &'static str {
        match self {
            Variant::Bavarian => "bavarian",
            Variant::German => "german",
        }
    }
}

/// The games a record names in `contract.game`: one name per kind of contract, the table
/// every reader, writer and schema of game names goes through.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameName {
    Sauspiel,
    Solo,
    Wenz,
    Geier,
    Farbwenz,
    Farbgeier,
    Bettel,
    BettelOuvert,
    Ramsch,
    Sie,
    Hochzeit,
    German,
    Koenig,
    Farbkoenig,
    Eisenbahner,
    Farbeisenbahner,
    ObersUnters,
    RamschTout,
    Kreuzbock,
    SchellenSchafkopf,
}

impl GameName {
    /// Every game; the first eight are the usual ones every Bavarian table may play
    /// (`rules.games` chooses among them).
    pub const ALL: [GameName; 20] = [
        GameName::Sauspiel,
        GameName::Solo,
        GameName::Wenz,
        GameName::Geier,
        GameName::Farbwenz,
        GameName::Farbgeier,
        GameName::Bettel,
        GameName::BettelOuvert,
        GameName::Ramsch,
        GameName::Sie,
        GameName::Hochzeit,
        GameName::German,
        GameName::Koenig,
        GameName::Farbkoenig,
        GameName::Eisenbahner,
        GameName::Farbeisenbahner,
        GameName::ObersUnters,
        GameName::RamschTout,
        GameName::Kreuzbock,
        GameName::SchellenSchafkopf,
    ];

    /// Other names players use for a game (read in any case).
    const ALIASES: [(&'static str, GameName); 8] = [
        ("schellenschafkopf", GameName::SchellenSchafkopf),
        ("bell_schafkopf", GameName::SchellenSchafkopf),
        ("goass", GameName::Kreuzbock),
        ("pfd", GameName::RamschTout),
        ("rufspiel", GameName::Sauspiel),
        ("farbsolo", GameName::Solo),
        ("könig", GameName::Koenig),
        ("farbkönig", GameName::Farbkoenig),
    ];

    /// The record's name: `sauspiel`, `bettel_ouvert`, ...
    pub const fn name(self) -> &'static str {
        match self {
            GameName::Sauspiel => "sauspiel",
            GameName::Solo => "solo",
            GameName::Wenz => "wenz",
            GameName::Geier => "geier",
            GameName::Farbwenz => "farbwenz",
            GameName::Farbgeier => "farbgeier",
            GameName::Bettel => "bettel",
            GameName::BettelOuvert => "bettel_ouvert",
            GameName::Ramsch => "ramsch",
            GameName::Sie => "sie",
            GameName::Hochzeit => "hochzeit",
            GameName::German => "german",
            GameName::Koenig => "koenig",
            GameName::Farbkoenig => "farbkoenig",
            GameName::Eisenbahner => "eisenbahner",
            GameName::Farbeisenbahner => "farbeisenbahner",
            GameName::ObersUnters => "obers_unters",
            GameName::RamschTout => "ramsch_tout",
            GameName::Kreuzbock => "kreuzbock",
            GameName::SchellenSchafkopf => "schellen_schafkopf",
        }
    }

    /// The variant whose games this one is of (German Schafkopf's declared game and
    /// Schellen-Schafkopf; every other game is Bavarian).
    pub const fn variant(self) -> Variant {
        match self {
            GameName::German | GameName::SchellenSchafkopf => Variant::German,
            _ => Variant::Bavarian,
        }
    }

    /// Whether the game names a suit (the called ace's, or the trumps').
    pub const fn takes_suit(self) -> bool {
        matches!(
            self,
            GameName::Sauspiel
                | GameName::Solo
                | GameName::Farbwenz
                | GameName::Farbgeier
                | GameName::Farbkoenig
                | GameName::Farbeisenbahner
                | GameName::German
        )
    }

    /// Whether it is of the solo class (and may be played as a Tout).
    pub const fn solo_class(self) -> bool {
        matches!(
            self,
            GameName::Solo
                | GameName::Wenz
                | GameName::Geier
                | GameName::Farbwenz
                | GameName::Farbgeier
                | GameName::Koenig
                | GameName::Farbkoenig
                | GameName::Eisenbahner
                | GameName::Farbeisenbahner
                | GameName::ObersUnters
        )
    }

    /// The games of one against three a table plays only where it says so
    /// (`rules.extra_solos`).
    pub const EXTRA_SOLOS: [GameName; 6] = [
        GameName::Koenig,
        GameName::Farbkoenig,
        GameName::Eisenbahner,
        GameName::Farbeisenbahner,
        GameName::ObersUnters,
        GameName::RamschTout,
    ];
}

#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for GameName {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(GameName::ALL.iter().map(|g| g.name())))
            .description(Some(
                "The game (read in any case and as players say them: `Rufspiel`, `Farbsolo`).",
            ))
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for GameName {}

impl fmt::Display for GameName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads a game's name in any case, with spaces or hyphens for underscores, or another
/// name players use (`Rufspiel`: `sauspiel`); an unknown name lists the valid ones and
/// suggests the nearest.
impl std::str::FromStr for GameName {
    type Err = crate::error::Error;

    fn from_str(text: &str) -> Result<GameName, crate::error::Error> {
        let lower = text.to_lowercase().replace([' ', '-'], "_");
        // Each name, then the other names of that game.
        let spellings = || {
            GameName::ALL.iter().flat_map(|g| {
                std::iter::once((g.name(), *g))
                    .chain(GameName::ALIASES.into_iter().filter(move |(_, a)| a == g))
            })
        };
        if let Some((_, game)) = spellings().find(|(n, _)| *n == lower) {
            return Ok(game);
        }
        let names: Vec<&str> = GameName::ALL.iter().map(|g| g.name()).collect();
        Err(crate::error::Error::UnknownGame {
            name: text.to_string(),
            suggestion: crate::spelling::nearest(text, spellings().map(|(n, _)| n))
                .and_then(|n| spellings().find(|(g, _)| *g == n))
                .map(|(_, game)| game.name()),
            names: names.join(", "),
        })
    }
}

/// The solo-class games: one declarer against three.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Solo {
    Farbsolo(Suit),
    Wenz,
    Geier,
    Farbwenz(Suit),
    Farbgeier(Suit),
    /// The four kings are the only trumps (as the Unters in a Wenz).
    Koenig,
    /// The kings, then the suit.
    Farbkoenig(Suit),
    /// The four tens are the only trumps.
    Eisenbahner,
    /// The tens, then the suit.
    Farbeisenbahner(Suit),
    /// Obers and Unters are trumps, with no trump suit.
    ObersUnters,
}

impl Solo {
    /// Every solo-class game every table plays: 4 Farbsoli, Wenz, Geier, 4 Farbwenz, 4
    /// Farbgeier.
    pub fn all() -> impl Iterator<Item = Solo> {
        Suit::ALL
            .into_iter()
            .map(Solo::Farbsolo)
            .chain([Solo::Wenz, Solo::Geier])
            .chain(Suit::ALL.into_iter().map(Solo::Farbwenz))
            .chain(Suit::ALL.into_iter().map(Solo::Farbgeier))
    }

    /// The forms of a game of [`GameName::EXTRA_SOLOS`]: one, or one per suit.
    pub fn forms(game: GameName) -> Vec<Solo> {
        let suits = |f: fn(Suit) -> Solo| Suit::ALL.into_iter().map(f).collect();
        match game {
            GameName::Koenig => vec![Solo::Koenig],
            GameName::Farbkoenig => suits(Solo::Farbkoenig),
            GameName::Eisenbahner => vec![Solo::Eisenbahner],
            GameName::Farbeisenbahner => suits(Solo::Farbeisenbahner),
            GameName::ObersUnters => vec![Solo::ObersUnters],
            _ => Vec::new(),
        }
    }

    pub fn game(self) -> GameName {
        match self {
            Solo::Farbsolo(_) => GameName::Solo,
            Solo::Wenz => GameName::Wenz,
            Solo::Geier => GameName::Geier,
            Solo::Farbwenz(_) => GameName::Farbwenz,
            Solo::Farbgeier(_) => GameName::Farbgeier,
            Solo::Koenig => GameName::Koenig,
            Solo::Farbkoenig(_) => GameName::Farbkoenig,
            Solo::Eisenbahner => GameName::Eisenbahner,
            Solo::Farbeisenbahner(_) => GameName::Farbeisenbahner,
            Solo::ObersUnters => GameName::ObersUnters,
        }
    }

    /// Whether four cards of one rank alone are the top trumps (Wenz, Geier, König,
    /// Eisenbahner and their suit forms): the Wenz class of the tariff, 2 Laufende paid.
    pub fn wenz_class(self) -> bool {
        !matches!(self, Solo::Farbsolo(_) | Solo::ObersUnters)
    }

    pub fn name(self) -> &'static str {
        self.game().name()
    }

    pub fn suit(self) -> Option<Suit> {
        match self {
            Solo::Farbsolo(s)
            | Solo::Farbwenz(s)
            | Solo::Farbgeier(s)
            | Solo::Farbkoenig(s)
            | Solo::Farbeisenbahner(s) => Some(s),
            Solo::Wenz | Solo::Geier | Solo::Koenig | Solo::Eisenbahner | Solo::ObersUnters => None,
        }
    }
}

/// How many Wenzels (top trumps) German Schafkopf plays with.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Wenzels {
    /// None: Blattla, where Herz are always trumps and every Ober and Unter stays in its
    /// suit (RULES.md section 8).
    Zero,
    /// The four Unters.
    #[default]
    Four,
    /// EO, GO and the four Unters.
    Six,
    /// All Obers and Unters.
    Eight,
}

impl Wenzels {
    pub fn count(self) -> u8 {
        match self {
            Wenzels::Zero => 0,
            Wenzels::Four => 4,
            Wenzels::Six => 6,
            Wenzels::Eight => 8,
        }
    }

    pub fn from_count(n: u64) -> Option<Wenzels> {
        match n {
            0 => Some(Wenzels::Zero),
            4 => Some(Wenzels::Four),
            6 => Some(Wenzels::Six),
            8 => Some(Wenzels::Eight),
            _ => None,
        }
    }

    /// The Wenzels, highest first.
    pub fn cards(self) -> &'static [Card] {
        const SIX: [Card; 6] = [
            OBERS_UNTERS[0],
            OBERS_UNTERS[1],
            OBERS_UNTERS[4],
            OBERS_UNTERS[5],
            OBERS_UNTERS[6],
            OBERS_UNTERS[7],
        ];
        match self {
            Wenzels::Zero => &[],
            Wenzels::Four => &OBERS_UNTERS[4..],
            Wenzels::Six => &SIX,
            Wenzels::Eight => &OBERS_UNTERS,
        }
    }

    pub fn set(self) -> Cards {
        self.cards().iter().copied().collect()
    }
}

/// Who plays with the declarer in German Schafkopf (RULES.md section 8). A table's rule
/// (`rules.german_partners`) is `across` or `black_obers`; a game names `solo` itself.
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Partners {
    /// The player across the table, as the seating drawn before the game made them.
    #[default]
    Across,
    /// The holders of the two black Obers (`EO`, `GO`) play together that deal; a player
    /// holding both plays alone against three.
    BlackObers,
    /// A solo: the declarer alone against the other three.
    Solo,
}

impl Partners {
    /// The partnership rule's name (`rules.german_partners`).
    pub fn name(self) -> &'static str {
        match self {
            Partners::Across => "across",
            Partners::BlackObers => "black_obers",
            Partners::Solo => "solo",
        }
    }
}

/// The card a Sauspiel calls in the called suit: the ace; in a Muss game a blocked
/// declarer holding all three callable aces calls a ten, holding their tens too a king
/// (Renonce, RULES.md section 7).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum CalledRank {
    #[default]
    Ace,
    Ten,
    King,
}

impl CalledRank {
    pub fn rank(self) -> Rank {
        match self {
            CalledRank::Ace => Rank::Ace,
            CalledRank::Ten => Rank::Ten,
            CalledRank::King => Rank::King,
        }
    }

    pub const ALL: [CalledRank; 3] = [CalledRank::Ace, CalledRank::Ten, CalledRank::King];

    /// The record's `rank` (none for the ace).
    pub fn name(self) -> &'static str {
        match self {
            CalledRank::Ace => "ace",
            CalledRank::Ten => "ten",
            CalledRank::King => "king",
        }
    }

    /// The called rank of this name (any case).
    pub fn from_name(text: &str) -> Option<CalledRank> {
        let lower = text.to_lowercase();
        CalledRank::ALL.into_iter().find(|r| r.name() == lower)
    }
}

/// A contract: the game announced and by whom.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Contract {
    /// Sauspiel (Rufspiel): the declarer calls the ace of `called` (E, G or S), or in a
    /// Renonce its ten or king (`rank`).
    Sauspiel {
        declarer: Seat,
        called: Suit,
        rank: CalledRank,
    },
    /// A solo-class game, possibly as Tout (the declarer must take every trick).
    Solo {
        declarer: Seat,
        game: Solo,
        tout: bool,
    },
    /// Bettel: the declarer must take no trick; no trumps. With `trumps`, Ramsch Tout
    /// (Pfd): the same aim with the Ramsch trumps (Obers, Unters, Herz).
    Bettel {
        declarer: Seat,
        ouvert: bool,
        trumps: bool,
    },
    /// Everyone for himself; the most points lose.
    Ramsch,
    /// All Obers and Unters in one hand: won without play.
    Sie { declarer: Seat },
    /// Hochzeit: the declarer, dealt one trump (`given`), and the partner who took it and
    /// gave back the non-trump `returned`; in a Bauernhochzeit two of each
    /// ([`Contract::hochzeit`] checks all of it).
    Hochzeit {
        declarer: Seat,
        partner: Seat,
        given: Cards,
        returned: Cards,
    },
    /// Kreuzbock (Goass): the players across the table are partners, with the Sauspiel's
    /// trumps; `declarer`'s team (he and the seat across) is the declaring one, as the
    /// table's agreement names it (the last Kontra, else the first Klopfen, else the team
    /// that leads to the first trick).
    Kreuzbock { declarer: Seat },
    /// German Schafkopf: the declarer's partnership (`partners`) against the others.
    German {
        declarer: Seat,
        trump: Suit,
        wenzels: Wenzels,
        /// Nobody could declare, so the holder of EU must play.
        forced: bool,
        partners: Partners,
    },
    /// Von Alvensleben's Schellen-Schafkopf (B): nobody declares, every player for himself,
    /// the four Unters over the Schellen as trumps, and tricks, not points, count.
    SchellenSchafkopf,
}

/// What a position's value counts (INTERFACE.md section 2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Measure {
    /// Card points of the declaring side.
    Points,
    /// Tricks of the declarer (Tout, Bettel).
    Tricks,
    /// Ramsch: what the player to move is paid at the end (negative: pays).
    Settlement,
}

impl fmt::Display for Measure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Measure {
    pub fn name(self) -> &'static str {
        match self {
            Measure::Points => "points",
            Measure::Tricks => "tricks",
            Measure::Settlement => "settlement",
        }
    }
}

impl Contract {
    /// The Sauspiel calling the ace of `called` (a Renonce call of a ten or king names its
    /// `rank` in [`Contract::Sauspiel`] itself).
    pub const fn sauspiel(declarer: Seat, called: Suit) -> Contract {
        Contract::Sauspiel {
            declarer,
            called,
            rank: CalledRank::Ace,
        }
    }

    /// A Hochzeit on the hands as dealt: `declarer` was dealt exactly one trump (Sauspiel
    /// trumps), or two in a Bauernhochzeit, and `returned` are as many non-trumps of the
    /// partner's dealt hand (RULES.md 7). Whether the table plays the Bauernhochzeit is
    /// [`crate::game::Setup::new`]'s to check.
    pub fn hochzeit(
        dealt: &BySeat<Cards>,
        deck: Deck,
        declarer: Seat,
        partner: Seat,
        returned: Cards,
    ) -> Result<Contract, crate::error::Error> {
        use crate::error::Error;
        if partner == declarer {
            return Err(Error::HochzeitPartner(declarer));
        }
        let trumps = Contract::Ramsch.order(deck).trumps();
        let given = dealt[declarer].intersect(trumps);
        if !(1..=2).contains(&given.len()) {
            return Err(Error::HochzeitTrumps {
                seat: declarer,
                trumps: given.len(),
            });
        }
        if let Some(card) = returned.without(dealt[partner]).first() {
            return Err(Error::HochzeitReturned {
                card,
                fault: "is not in the partner's dealt hand",
            });
        }
        if let Some(card) = returned.intersect(trumps).first() {
            return Err(Error::HochzeitReturned {
                card,
                fault: "is a trump (the partner gives back a non-trump)",
            });
        }
        if returned.len() != given.len() {
            return Err(Error::HochzeitCount {
                given: given.len(),
                returned: returned.len(),
            });
        }
        Ok(Contract::Hochzeit {
            declarer,
            partner,
            given,
            returned,
        })
    }

    /// The hands as played from the hands as dealt: in a Hochzeit the declarer's trump and
    /// the card given back change hands; every other contract plays the dealt hands.
    pub fn played_hands(&self, dealt: BySeat<Cards>) -> BySeat<Cards> {
        match *self {
            Contract::Hochzeit {
                declarer,
                partner,
                given,
                returned,
            } => exchanged(dealt, (declarer, given), (partner, returned)),
            _ => dealt,
        }
    }

    /// The hands as dealt from the hands as played (the inverse of
    /// [`Contract::played_hands`]).
    pub fn dealt_hands(&self, played: BySeat<Cards>) -> BySeat<Cards> {
        match *self {
            Contract::Hochzeit {
                declarer,
                partner,
                given,
                returned,
            } => exchanged(played, (declarer, returned), (partner, given)),
            _ => played,
        }
    }

    /// Where the contract stands in the bidding (RULES.md section 7), lowest first: the
    /// Sauspiel and the Hochzeit 0, Bettel 1, the solo class 2, a Tout 3, the Sie 4; none
    /// for a game nobody bids (Ramsch, Kreuzbock, the German games).
    pub fn bid_rank(&self) -> Option<u8> {
        match self {
            Contract::Sauspiel { .. } | Contract::Hochzeit { .. } => Some(0),
            Contract::Bettel { .. } => Some(1),
            Contract::Solo { tout: false, .. } => Some(2),
            Contract::Solo { tout: true, .. } => Some(3),
            Contract::Sie { .. } => Some(4),
            Contract::Ramsch
            | Contract::Kreuzbock { .. }
            | Contract::German { .. }
            | Contract::SchellenSchafkopf => None,
        }
    }

    pub fn declarer(&self) -> Option<Seat> {
        match *self {
            Contract::Ramsch | Contract::SchellenSchafkopf => None,
            Contract::Sauspiel { declarer, .. }
            | Contract::Solo { declarer, .. }
            | Contract::Bettel { declarer, .. }
            | Contract::Sie { declarer }
            | Contract::Hochzeit { declarer, .. }
            | Contract::Kreuzbock { declarer }
            | Contract::German { declarer, .. } => Some(declarer),
        }
    }

    pub fn variant(&self) -> Variant {
        match self {
            Contract::German { .. } | Contract::SchellenSchafkopf => Variant::German,
            _ => Variant::Bavarian,
        }
    }

    /// The game's name as in the hand record (`contract.game`).
    /// The game, as a record names it.
    pub fn game(&self) -> GameName {
        match self {
            Contract::Sauspiel { .. } => GameName::Sauspiel,
            Contract::Solo { game, .. } => game.game(),
            Contract::Bettel { trumps: true, .. } => GameName::RamschTout,
            Contract::Bettel { ouvert: false, .. } => GameName::Bettel,
            Contract::Bettel { ouvert: true, .. } => GameName::BettelOuvert,
            Contract::Ramsch => GameName::Ramsch,
            Contract::Sie { .. } => GameName::Sie,
            Contract::Hochzeit { .. } => GameName::Hochzeit,
            Contract::Kreuzbock { .. } => GameName::Kreuzbock,
            Contract::German { .. } => GameName::German,
            Contract::SchellenSchafkopf => GameName::SchellenSchafkopf,
        }
    }

    /// The game's record name (`sauspiel`, `bettel_ouvert`, ...).
    pub fn game_name(&self) -> &'static str {
        self.game().name()
    }

    /// The suit named with the game, if any (called ace's suit, trump suit).
    pub fn suit(&self) -> Option<Suit> {
        match *self {
            Contract::Sauspiel { called, .. } => Some(called),
            Contract::Solo { game, .. } => game.suit(),
            Contract::German { trump, .. } => Some(trump),
            _ => None,
        }
    }

    pub fn is_tout(&self) -> bool {
        matches!(self, Contract::Solo { tout: true, .. })
    }

    /// The called card of a Sauspiel: its ace, or in a Renonce its ten or king.
    pub fn called_ace(&self) -> Option<Card> {
        match *self {
            Contract::Sauspiel { called, rank, .. } => Some(Card::new(called, rank.rank())),
            _ => None,
        }
    }

    /// What the value of a position counts: tricks for Tout, Bettel and Schellen-Schafkopf,
    /// the player's settlement in Ramsch, else points.
    pub fn measure(&self) -> Measure {
        match self {
            Contract::Solo { tout: true, .. }
            | Contract::Bettel { .. }
            | Contract::SchellenSchafkopf => Measure::Tricks,
            Contract::Ramsch => Measure::Settlement,
            _ => Measure::Points,
        }
    }

    /// Whether Laufende are counted and paid in this contract (not in Bettel, Ramsch or
    /// German Schafkopf, which pays game points).
    pub fn has_laufende(&self) -> bool {
        !matches!(
            self,
            Contract::Bettel { .. }
                | Contract::Ramsch
                | Contract::German { .. }
                | Contract::SchellenSchafkopf
        )
    }

    /// Fewest Laufende that are paid by default: 2 in Wenz and Geier (and König and
    /// Eisenbahner, four top trumps as they), else 3.
    pub fn default_laufende_min(&self) -> u8 {
        match self {
            Contract::Solo {
                game: Solo::Wenz | Solo::Geier | Solo::Koenig | Solo::Eisenbahner,
                ..
            } => 2,
            _ => 3,
        }
    }

    /// The trump set and card ranking.
    pub fn order(&self, deck: Deck) -> Order {
        let normal = |suit| Order::new(&OBERS_UNTERS, Some(suit), &PLAIN_NORMAL, deck);
        match *self {
            Contract::Sauspiel { .. }
            | Contract::Ramsch
            | Contract::Hochzeit { .. }
            | Contract::Sie { .. }
            | Contract::Kreuzbock { .. }
            | Contract::Bettel { trumps: true, .. } => normal(Suit::Herz),
            Contract::Solo { game, .. } => match game {
                Solo::Farbsolo(s) => normal(s),
                Solo::Wenz => Order::new(&OBERS_UNTERS[4..], None, &PLAIN_WENZ, deck),
                Solo::Geier => Order::new(&OBERS_UNTERS[..4], None, &PLAIN_GEIER, deck),
                Solo::Farbwenz(s) => Order::new(&OBERS_UNTERS[4..], Some(s), &PLAIN_WENZ, deck),
                Solo::Farbgeier(s) => Order::new(&OBERS_UNTERS[..4], Some(s), &PLAIN_GEIER, deck),
                Solo::Koenig => Order::new(&KINGS, None, &PLAIN_KOENIG, deck),
                Solo::Farbkoenig(s) => Order::new(&KINGS, Some(s), &PLAIN_KOENIG, deck),
                Solo::Eisenbahner => Order::new(&TENS, None, &PLAIN_EISENBAHNER, deck),
                Solo::Farbeisenbahner(s) => Order::new(&TENS, Some(s), &PLAIN_EISENBAHNER, deck),
                Solo::ObersUnters => Order::new(&OBERS_UNTERS, None, &PLAIN_NORMAL, deck),
            },
            Contract::Bettel { .. } => Order::new(&[], None, &PLAIN_BETTEL, deck),
            Contract::German { trump, wenzels, .. } => {
                Order::new(wenzels.cards(), Some(trump), &PLAIN_GERMAN, deck)
            }
            Contract::SchellenSchafkopf => Order::new(
                Wenzels::Four.cards(),
                Some(Suit::Schellen),
                &PLAIN_GERMAN,
                deck,
            ),
        }
    }

    /// The declaring side given the dealt hands (Sauspiel: declarer and the holder of the
    /// called ace; German: the declarer's partnership, which with black-Ober partners may
    /// be three players against the one who holds both). Empty for Ramsch and
    /// Schellen-Schafkopf, where every player is for himself.
    pub fn declarers(&self, dealt: &BySeat<Cards>) -> Seats {
        match *self {
            Contract::Ramsch | Contract::SchellenSchafkopf => Seats::NONE,
            Contract::Sauspiel {
                declarer,
                called,
                rank,
            } => {
                let ace = Card::new(called, rank.rank());
                Seat::ALL
                    .into_iter()
                    .filter(|s| dealt[*s].contains(ace))
                    .fold(Seats::one(declarer), Seats::with)
            }
            Contract::Hochzeit {
                declarer, partner, ..
            } => Seats::one(declarer).with(partner),
            Contract::German {
                declarer, partners, ..
            } => match partners {
                Partners::Across => Seats::one(declarer).with(declarer.plus(2)),
                Partners::Solo => Seats::one(declarer),
                Partners::BlackObers => {
                    let black = Card::new(Suit::Eichel, Rank::Ober)
                        .set()
                        .with(Card::new(Suit::Gras, Rank::Ober));
                    let holders = Seat::ALL
                        .into_iter()
                        .filter(|s| !dealt[*s].intersect(black).is_empty())
                        .fold(Seats::NONE, Seats::with);
                    if holders.contains(declarer) {
                        holders
                    } else {
                        holders.others()
                    }
                }
            },
            Contract::Kreuzbock { declarer } => Seats::one(declarer).with(declarer.plus(2)),
            Contract::Solo { declarer, .. }
            | Contract::Bettel { declarer, .. }
            | Contract::Sie { declarer } => Seats::one(declarer),
        }
    }
}

/// `german G by seat 0`: the contract's [`Title`] and its declarer.
impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.title())?;
        if let Some(d) = self.declarer() {
            write!(f, " by seat {d}")?;
        }
        Ok(())
    }
}

impl Contract {
    /// The contract without its declarer, as a table names it ([`Title`]).
    pub fn title(self) -> Title {
        Title {
            contract: self,
            words: false,
        }
    }

    /// The contract without its declarer in players' words ([`Title`]).
    pub fn in_words(self) -> Title {
        Title {
            contract: self,
            words: true,
        }
    }
}

/// A contract named without its declarer: `solo H tout`, `bettel_ouvert`; in players' words
/// ([`Contract::in_words`], or with `{:#}`): `solo Herz tout`, `bettel ouvert`, `sauspiel on
/// the Gras ace`.
#[derive(Copy, Clone, Debug)]
pub struct Title {
    contract: Contract,
    words: bool,
}

impl fmt::Display for Title {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.contract;
        let words = self.words || f.alternate();
        if words {
            f.write_str(&c.game_name().replace('_', " "))?;
        } else {
            f.write_str(c.game_name())?;
        }
        match c.suit() {
            Some(suit) if words && matches!(c, Contract::Sauspiel { .. }) => {
                let rank = match c {
                    Contract::Sauspiel { rank, .. } => rank.name(),
                    _ => "ace",
                };
                write!(f, " on the {} {rank}", suit.name())?
            }
            Some(suit) if words => write!(f, " {}", suit.name())?,
            Some(suit) => write!(f, " {suit}")?,
            None => {}
        }
        if let Contract::Sauspiel { rank, .. } = c {
            if !words && rank != CalledRank::Ace {
                write!(f, " {}", rank.name())?;
            }
        }
        if c.is_tout() {
            f.write_str(" tout")?;
        }
        // A German declarer playing alone is told from his partnership game.
        if let Contract::German {
            partners: Partners::Solo,
            ..
        } = c
        {
            if words {
                f.write_str(" alone")?;
            }
        }
        Ok(())
    }
}

/// `hands` after seat `a.0` gives cards `a.1` to seat `b.0` and takes cards `b.1` back.
fn exchanged(mut hands: BySeat<Cards>, a: (Seat, Cards), b: (Seat, Cards)) -> BySeat<Cards> {
    hands[a.0] = hands[a.0].without(a.1).union(b.1);
    hands[b.0] = hands[b.0].without(b.1).union(a.1);
    hands
}

/// Whether a hand holds Sie: all Obers and Unters; with fewer cards a hand, its top
/// trumps (short deck: the Obers, EU and GU; 20 cards: the Obers and EU).
pub fn holds_sie(hand: Cards, deck: Deck) -> bool {
    let need: Cards = OBERS_UNTERS[..deck.hand_size()].iter().copied().collect();
    need.is_subset(hand)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::order::Group;

    fn card(t: &str) -> Card {
        t.parse().unwrap()
    }

    fn trumps(c: Contract) -> String {
        let o = c.order(Deck::Long);
        let v: Vec<String> = o.trump_list().iter().map(|c| c.to_string()).collect();
        v.join(" ")
    }

    fn plain(c: Contract, suit: Suit) -> String {
        let o = c.order(Deck::Long);
        let mut v: Vec<Card> = o.group_cards(Group::Plain(suit)).into_iter().collect();
        v.sort_by_key(|c| std::cmp::Reverse(o.power(*c)));
        v.iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    const D: Seat = Seat::S0;

    #[test]
    fn trump_orders_match_rules_table() {
        let solo = |game| Contract::Solo {
            declarer: D,
            game,
            tout: false,
        };
        let sau = Contract::sauspiel(D, Suit::Gras);
        assert_eq!(trumps(sau), "EO GO HO SO EU GU HU SU HA HZ HK H9 H8 H7");
        assert_eq!(plain(sau, Suit::Eichel), "EA EZ EK E9 E8 E7");
        assert_eq!(
            trumps(solo(Solo::Farbsolo(Suit::Schellen))),
            "EO GO HO SO EU GU HU SU SA SZ SK S9 S8 S7"
        );
        assert_eq!(trumps(solo(Solo::Wenz)), "EU GU HU SU");
        assert_eq!(plain(solo(Solo::Wenz), Suit::Herz), "HA HZ HK HO H9 H8 H7");
        assert_eq!(trumps(solo(Solo::Geier)), "EO GO HO SO");
        assert_eq!(plain(solo(Solo::Geier), Suit::Gras), "GA GZ GK GU G9 G8 G7");
        assert_eq!(
            trumps(solo(Solo::Farbwenz(Suit::Gras))),
            "EU GU HU SU GA GZ GK GO G9 G8 G7"
        );
        assert_eq!(
            trumps(solo(Solo::Farbgeier(Suit::Eichel))),
            "EO GO HO SO EA EZ EK EU E9 E8 E7"
        );
        let bettel = Contract::Bettel {
            declarer: D,
            ouvert: false,
            trumps: false,
        };
        assert_eq!(trumps(bettel), "");
        assert_eq!(plain(bettel, Suit::Schellen), "SA SK SO SU SZ S9 S8 S7");
        let german = |wenzels| Contract::German {
            declarer: D,
            trump: Suit::Eichel,
            wenzels,
            forced: false,
            partners: Partners::Across,
        };
        assert_eq!(
            trumps(german(Wenzels::Four)),
            "EU GU HU SU EA EK EO EZ E9 E8 E7"
        );
        assert_eq!(
            plain(german(Wenzels::Four), Suit::Herz),
            "HA HK HO HZ H9 H8 H7"
        );
        assert_eq!(
            trumps(german(Wenzels::Six)),
            "EO GO EU GU HU SU EA EK EZ E9 E8 E7"
        );
        assert_eq!(plain(german(Wenzels::Six), Suit::Gras), "GA GK GZ G9 G8 G7");
        assert_eq!(
            plain(german(Wenzels::Six), Suit::Herz),
            "HA HK HO HZ H9 H8 H7"
        );
        assert_eq!(
            trumps(german(Wenzels::Eight)),
            "EO GO HO SO EU GU HU SU EA EK EZ E9 E8 E7"
        );
        assert_eq!(
            plain(german(Wenzels::Eight), Suit::Herz),
            "HA HK HZ H9 H8 H7"
        );
        // Blattla: no Wenzels, Herz always trumps; Ober and Unter stay in their suits.
        let blattla = Contract::German {
            declarer: D,
            trump: Suit::Herz,
            wenzels: Wenzels::Zero,
            forced: false,
            partners: Partners::Across,
        };
        assert_eq!(trumps(blattla), "HA HK HO HU HZ H9 H8 H7");
        // In words, a German solo is told from the partnership game.
        assert_eq!(blattla.in_words().to_string(), "german Herz");
        let alone = Contract::German {
            declarer: D,
            trump: Suit::Herz,
            wenzels: Wenzels::Zero,
            forced: false,
            partners: Partners::Solo,
        };
        assert_eq!(alone.in_words().to_string(), "german Herz alone");
        assert_eq!(alone.title().to_string(), "german H");
        assert_eq!(plain(blattla, Suit::Eichel), "EA EK EO EU EZ E9 E8 E7");
        let schellen = Contract::SchellenSchafkopf;
        assert_eq!(trumps(schellen), "EU GU HU SU SA SK SO SZ S9 S8 S7");
        assert_eq!(plain(schellen, Suit::Eichel), "EA EK EO EZ E9 E8 E7");
    }

    #[test]
    fn every_order_ranks_every_card_of_the_deck() {
        let mut contracts: Vec<Contract> = Solo::all()
            .map(|game| Contract::Solo {
                declarer: D,
                game,
                tout: false,
            })
            .collect();
        contracts.push(Contract::Ramsch);
        contracts.push(Contract::SchellenSchafkopf);
        contracts.push(Contract::Bettel {
            declarer: D,
            ouvert: true,
            trumps: false,
        });
        for w in [Wenzels::Zero, Wenzels::Four, Wenzels::Six, Wenzels::Eight] {
            contracts.push(Contract::German {
                declarer: D,
                trump: Suit::Herz,
                wenzels: w,
                forced: false,
                partners: Partners::Across,
            });
        }
        for c in contracts {
            for deck in [Deck::Long, Deck::Short] {
                let o = c.order(deck);
                for card in deck.cards() {
                    assert!(o.power(card) > 0, "{c}: {card}");
                }
            }
        }
    }

    #[test]
    fn sie_needs_all_obers_and_unters() {
        let hand: Cards = "EO GO HO SO EU GU HU SU".split(' ').map(card).collect();
        assert!(holds_sie(hand, Deck::Long));
        let short: Cards = "EO GO HO SO EU GU".split(' ').map(card).collect();
        assert!(holds_sie(short, Deck::Short));
        assert!(!holds_sie(short, Deck::Long));
    }
}

#[cfg(test)]
mod game_names {
    use super::*;

    #[test]
    fn game_names_read_in_any_case_and_as_players_say_them() {
        for game in GameName::ALL {
            assert_eq!(game.name().parse::<GameName>(), Ok(game));
            assert_eq!(game.name().to_uppercase().parse::<GameName>(), Ok(game));
        }
        assert_eq!("Rufspiel".parse::<GameName>(), Ok(GameName::Sauspiel));
        assert_eq!("Farbsolo".parse::<GameName>(), Ok(GameName::Solo));
        assert_eq!(
            "bettel ouvert".parse::<GameName>(),
            Ok(GameName::BettelOuvert)
        );
        match "Wens".parse::<GameName>() {
            Err(crate::error::Error::UnknownGame { suggestion, .. }) => {
                assert_eq!(suggestion, Some("wenz"))
            }
            other => panic!("{other:?}"),
        }
        // Every contract's game is its own name.
        let c = Contract::Bettel {
            declarer: Seat::S1,
            ouvert: true,
            trumps: false,
        };
        assert_eq!(c.game(), GameName::BettelOuvert);
        assert_eq!(c.game_name(), "bettel_ouvert");
    }
}
