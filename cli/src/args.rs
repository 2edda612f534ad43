//! The command line as the user typed it (clap): no derived state. `config.rs` resolves
//! what the commands need from it (ripgrep's low and high arguments).

use crate::sources::log_format;
use clap::{Parser, Subcommand};
use solver::formats::LogFormat;
use solver::Pack;
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "schafkopf",
    version,
    about = "Schafkopf hand analyzer and double-dummy solver",
    after_help = "Records are JSON lines (docs/GUIDE.md, \"Hand records\"): unknown fields are refused; \
                  your own data goes in `meta`.\n\
                  Exit status: 0 every record done; 1 an I/O fault; 2 some records failed \
                  (their lines say why); 64 a usage error."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// How cards are written in what the program prints, and read from the command line:
    /// `german` (EO SZ), `french` (CQ D10) or `symbols` (♣Q ♦10). A record says its own
    /// (`pack`, German by default).
    #[arg(long, global = true, value_parser = pack_name, default_value = "german")]
    pub pack: Pack,
    /// The longest input line read, in bytes (`512KiB`, `4MiB` and `1GiB` are read too); a
    /// longer one is refused by name (`line_too_long`) without being held in memory.
    #[arg(long, global = true, value_name = "BYTES", value_parser = byte_count,
          env = "SCHAFKOPF_MAX_LINE", default_value = "4MiB")]
    pub max_line: usize,
}

/// A number of bytes: digits, optionally followed by `KiB`, `MiB` or `GiB` (any case).
pub fn byte_count(text: &str) -> Result<usize, String> {
    let lower = text.trim().to_lowercase();
    let units = [
        ("gib", 1usize << 30),
        ("mib", 1 << 20),
        ("kib", 1 << 10),
        ("", 1),
    ];
    let (digits, unit) = units
        .iter()
        .find_map(|(suffix, unit)| lower.strip_suffix(suffix).map(|d| (d.trim(), *unit)))
        .unwrap_or((lower.as_str(), 1));
    match digits
        .parse::<usize>()
        .ok()
        .and_then(|n| n.checked_mul(unit))
    {
        Some(0) => Err("must be at least 1 byte".to_string()),
        Some(n) => Ok(n),
        None => Err(format!(
            "'{text}' is not a number of bytes (like 65536, 512KiB or 4MiB)"
        )),
    }
}

/// A pack's name (`german`, `french`, `symbols`).
fn pack_name(text: &str) -> Result<Pack, String> {
    Pack::from_name(text).ok_or_else(|| {
        let names: Vec<&str> = Pack::ALL.iter().map(|p| p.name()).collect();
        format!("'{text}' is none of {}", names.join(", "))
    })
}

/// Where records come from and results go.
#[derive(clap::Args)]
pub struct Io {
    /// A hand log (JSON lines); `-` or nothing reads standard input.
    #[arg(value_name = "FILE|-")]
    pub input: Option<PathBuf>,
    /// Write results here instead of standard output (`-`: standard output). It must not
    /// be an input.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// The input's format: hand records, or another program's log converted on the way in.
    #[arg(long, value_parser = log_format(), default_value = "records")]
    pub from: LogFormat,
}

/// How a search command runs.
#[derive(clap::Args)]
pub struct SearchArgs {
    /// Memory for each worker's transposition tables, in MiB: half for exact positions,
    /// half for similar ones; in a Ramsch three quarters for the settlement search.
    #[arg(long, value_name = "MIB", default_value_t = 64)]
    pub table_mb: usize,
    /// Worker threads (default: one per core).
    #[arg(long, short = 'j', value_parser = positive)]
    pub threads: Option<usize>,
    /// Positions each question may search (a position's value, a card judged, a
    /// contract's outcome); one that runs out answers what it proved, `"bounds": [low,
    /// high]`, in place of the exact value (default: no bound).
    #[arg(long, value_name = "N", value_parser = node_count)]
    pub node_budget: Option<u64>,
}

/// A count of positions of at least 1.
pub fn node_count(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("a node budget is at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

/// A count of at least 1 (`-j 0` would run nothing).
pub fn positive(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("must be at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

/// `serve --port`: refused with the option that sets the port.
fn no_port(text: &str) -> Result<String, String> {
    Err(format!(
        "serve listens on --addr HOST:PORT: use --addr 127.0.0.1:{text}"
    ))
}

/// A seat, 0 to 3.
pub fn seat(text: &str) -> Result<u8, String> {
    match text.parse::<u8>() {
        Ok(n @ 0..=3) => Ok(n),
        Ok(_) => Err("a seat is 0, 1, 2 or 3".to_string()),
        Err(e) => Err(e.to_string()),
    }
}

/// Output of `score`, `contracts` and `odds`.
#[derive(Copy, Clone, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// One JSON object per line.
    Json,
    /// A table for people.
    Table,
}

/// Output of `analyze`.
#[derive(Copy, Clone, PartialEq, Eq, clap::ValueEnum)]
pub enum AnalyzeFormat {
    /// One JSON object per line.
    Json,
    /// A table for people.
    Table,
    /// One self-contained replay page (HTML) of one game, with each costly card's lines.
    Html,
}

/// Output of `batch`.
#[derive(Copy, Clone, PartialEq, Eq, clap::ValueEnum)]
pub enum BatchFormat {
    /// One JSON object per line.
    Json,
    /// Comma-separated values with a header row.
    Csv,
}

/// The arguments of the commands that judge records for people as well as programs
/// (each takes a `--format` of its own).
#[derive(clap::Args)]
pub struct ReportArgs {
    #[command(flatten)]
    pub io: Io,
    #[command(flatten)]
    pub search: SearchArgs,
}

/// Whose knowledge `analyze` and `batch` judge the cards by.
#[derive(Copy, Clone, PartialEq, Eq, clap::ValueEnum)]
pub enum ViewArg {
    /// Every player sees all four hands (the default: exact, fast; also spelt
    /// `double_dummy`, as on the HTTP API).
    #[value(alias = "double_dummy")]
    DoubleDummy,
    /// Also each card by what its player could know: sampled worlds, each solved.
    Players,
}

/// How `analyze --view players` samples.
#[derive(clap::Args)]
pub struct Players {
    /// `players`: also judge each card by what its player could know (single dummy).
    #[arg(long, value_enum, default_value_t = ViewArg::DoubleDummy)]
    pub view: ViewArg,
    #[command(flatten)]
    pub worlds: WorldsArgs,
    /// Each costly card's best line and its own, and the trick where they part (`lines`).
    #[arg(long)]
    pub lines: bool,
}

/// How `solve --view players` judges the decision.
#[derive(clap::Args)]
pub struct SolveView {
    /// `players`: judge the decision by what the player to move could know: each legal
    /// card's expectation, chance to win, schneider, schwarz and expected settlement over
    /// the worlds of his view (single dummy).
    #[arg(long, value_enum, default_value_t = ViewArg::DoubleDummy)]
    pub view: ViewArg,
    /// With `--view players`: the seat whose decision it is; refused unless it is the
    /// player to move (default: the player to move).
    #[arg(long, value_parser = seat)]
    pub seat: Option<u8>,
    #[command(flatten)]
    pub worlds: WorldsArgs,
    /// With `--view players`: also up to N of the worlds the verdict averaged over
    /// (`shown_worlds`: all four hands as dealt, the viewer's own among them, and each
    /// world's weight in the averages).
    #[arg(long, value_name = "N", value_parser = positive)]
    pub show_worlds: Option<usize>,
}

/// How the players' view draws and judges the worlds of a decision (with `--view
/// players`; refused without it).
#[derive(clap::Args)]
pub struct WorldsArgs {
    /// With `--view players`: worlds per decision, at most (all of them where they are
    /// fewer) [default: 16000 where the card played is judged (`analyze`, `batch`), 400
    /// where every card of a decision is (`solve`), 100 where every card is solved
    /// exactly (a Ramsch, Schellen-Schafkopf, `--points`)].
    #[arg(long, value_parser = positive)]
    pub samples: Option<usize>,
    /// With `--view players`: the seed of the worlds drawn; the same seed gives the same
    /// answer on any thread count, and draws a decision's worlds alike for `solve` and
    /// `analyze` [default: 0].
    #[arg(long)]
    pub seed: Option<u64>,
    /// With `--view players`: also each card's exact expectation in the measure (points
    /// or tricks; several times the work); otherwise each world is judged by what the
    /// cards pay alone.
    #[arg(long)]
    pub points: bool,
    /// With `--view players`: what the player assumes beyond the cards, the worlds drawn
    /// only among those that keep it (repeatable): 'seat 2: at least 4 trumps', 'seat 1:
    /// no Eichel', 'seat 3 holds EO' (also 'at most', 'exactly'; of the hands as played).
    #[arg(long = "assume", value_name = "TEXT")]
    pub assume: Vec<String>,
    /// With `--view players`: whether the worlds are weighed by the auction as it
    /// happened (who declared what, who passed before him) under a model of declaring
    /// [default: auction].
    #[arg(long, value_enum)]
    pub inference: Option<InferenceArg>,
    /// With `--view players`: the model of declaring to weigh by, as `schafkopf
    /// auction-model` writes it [default: the one fitted to the NetSchafkopf log].
    #[arg(long, value_name = "FILE")]
    pub auction_model: Option<PathBuf>,
}

/// How the players' view reads the auction.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum InferenceArg {
    /// Each world by the likelihood of the auction under the model of declaring.
    Auction,
    /// Every world consistent with the cards alike.
    None,
}

/// The card notation every command's help ends with.
macro_rules! notation {
    () => {
        "Cards: suit E G H S (Eichel, Gras, Herz, Schellen), then rank A Z K O U 9 8 7 (ace, ten, \
         king, Ober, Unter, ...; `10` and `X` are read as Z), any case: `EO GU HA SZ`. With \
         `--pack french`: C S H D and A 10 K Q J 9 8 7 (`CQ SJ HA D10`); `--pack symbols`: \
         `♣Q ♠J ♥A ♦10`. Docs: docs/GUIDE.md; every flag: docs/INTERFACE.md section 3."
    };
}

/// A command's help ending: its examples, one a line, then the card notation.
macro_rules! help {
    ($($example:literal),+) => {
        concat!("Examples:\n", $("  ", $example, "\n",)+ "\n", notation!())
    };
}

const SCORE_HELP: &str = help!("schafkopf score examples/games.jsonl");
const SOLVE_HELP: &str = help!(
    "schafkopf solve examples/positions.jsonl",
    "schafkopf solve --line examples/positions.jsonl",
    "head -1 examples/positions.jsonl | schafkopf solve --view players --samples 100"
);
const CONTRACTS_HELP: &str = help!("schafkopf contracts --format table examples/deal.jsonl");
const ANALYZE_HELP: &str = help!(
    "schafkopf analyze --format table examples/games.jsonl",
    "head -1 examples/games.jsonl | schafkopf analyze --view players --samples 100",
    "head -1 examples/games.jsonl | schafkopf analyze --format html -o game.html"
);
const ODDS_HELP: &str = help!(
    "schafkopf odds --format table examples/hand.jsonl",
    "schafkopf odds --assume 'seat 2 holds HU' --assume 'seat 2: at least 3 Schellen' \
     examples/hand.jsonl"
);
const BATCH_HELP: &str =
    help!("schafkopf batch --from netschafkopf tests/data/netschafkopf/*.txt -o out.jsonl");
const LEDGER_HELP: &str = help!("schafkopf ledger --format table examples/german.jsonl");
const IMPORT_HELP: &str =
    help!("schafkopf import --from netschafkopf tests/data/netschafkopf/samples-04.08.24.txt");
const SERVE_HELP: &str = help!("schafkopf serve --addr 127.0.0.1:8080 --db schafkopf.db");
const MATCH_HELP: &str = help!(
    "schafkopf match --first players --second players:inference=none --deals 200 --from netschafkopf tests/data/netschafkopf/*.txt",
    "schafkopf match --first external:'python3 my_player.py' --second dd examples/games.jsonl"
);
const AUCTION_HELP: &str =
    help!("schafkopf auction-model --from netschafkopf tests/data/netschafkopf/*.txt");
const EXPORT_HELP: &str = help!("schafkopf export --to openschafkopf examples/games.jsonl");

#[derive(Subcommand)]
pub enum Command {
    /// The result and settlement of completely played hands, as played (no search).
    #[command(after_help = SCORE_HELP)]
    Score {
        #[command(flatten)]
        io: Io,
        #[arg(long, value_enum, default_value_t = OutputFormat::Json)]
        format: OutputFormat,
    },
    /// The double-dummy value of the position after `play`, and of every legal card (with
    /// `--view players`: each card judged by what the player to move could know).
    #[command(after_help = SOLVE_HELP)]
    Solve {
        #[command(flatten)]
        report: ReportArgs,
        /// Also the best line: the rest of the hand under perfect play (`line`).
        #[arg(long, conflicts_with = "view")]
        line: bool,
        #[command(flatten)]
        view: SolveView,
    },
    /// Every contract each seat may announce, valued double dummy, and the best per seat.
    #[command(after_help = CONTRACTS_HELP)]
    Contracts {
        #[command(flatten)]
        report: ReportArgs,
        #[arg(long, value_enum, default_value_t = OutputFormat::Json)]
        format: OutputFormat,
        /// The table lists every contract of each seat, not only its best three.
        #[arg(long)]
        all: bool,
    },
    /// Every card of played hands judged double dummy: its value, the best cards, its cost
    /// (and with `--view players` by what its player could know).
    #[command(after_help = ANALYZE_HELP)]
    Analyze {
        #[command(flatten)]
        report: ReportArgs,
        #[arg(long, value_enum, default_value_t = AnalyzeFormat::Json)]
        format: AnalyzeFormat,
        #[command(flatten)]
        players: Players,
    },
    /// How a hand's contracts fare over the deals of the cards its seat cannot see: win,
    /// schneider and schwarz odds, expected settlement, the best choice.
    #[command(after_help = ODDS_HELP)]
    Odds {
        #[command(flatten)]
        report: ReportArgs,
        #[arg(long, value_enum, default_value_t = OutputFormat::Json)]
        format: OutputFormat,
        /// Whose hand: needed where the record shows more than one hand (the others are
        /// hidden).
        #[arg(long, value_parser = seat)]
        seat: Option<u8>,
        /// Deals of the unseen cards.
        #[arg(long, default_value_t = solver::defaults::ODDS_DEALS, value_parser = positive)]
        samples: usize,
        /// The seed of the deals drawn: the same seed gives the same answer on any thread
        /// count.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// What the seat assumes of the hidden hands, the deals drawn only among those that
        /// keep it (repeatable): 'seat 2: at least 4 trumps', 'seat 1: no Eichel', 'seat 3
        /// holds EO' (trumps and suits as in a Sauspiel).
        #[arg(long = "assume", value_name = "TEXT")]
        assume: Vec<String>,
        /// Whether the deals are weighed by the auction so far: the seats before this one
        /// in the bidding order passed [default: auction].
        #[arg(long, value_enum)]
        inference: Option<InferenceArg>,
        /// The model of declaring to weigh by, as `schafkopf auction-model` writes it
        /// [default: the one fitted to the NetSchafkopf log].
        #[arg(long, value_name = "FILE")]
        auction_model: Option<PathBuf>,
    },
    /// `analyze` plus the declarer's contracts over whole hand logs, with a summary file.
    #[command(after_help = BATCH_HELP)]
    Batch(BatchArgs),
    /// Batch summaries: `merge` adds the summaries of a job's parts into the whole's.
    Summary {
        #[command(subcommand)]
        action: SummaryAction,
    },
    /// Each player's money over hand logs, game after game in the order given: running
    /// totals, the stock carried, every player's account (no search).
    #[command(after_help = LEDGER_HELP)]
    Ledger(Ledger),
    /// Converts other programs' logs into hand records (JSON lines).
    #[command(after_help = IMPORT_HELP)]
    Import {
        /// The logs' format.
        #[arg(long, value_parser = log_format())]
        from: LogFormat,
        /// The logs; `-` reads standard input.
        #[arg(required = true, value_name = "FILE|-")]
        files: Vec<PathBuf>,
        /// Write the records here instead of standard output.
        #[arg(short, long, value_name = "OUT")]
        output: Option<PathBuf>,
    },
    /// Two ways of playing over the same deals with their contracts, each deal played
    /// twice with the sides swapped (duplicate): each way's money a game, and the
    /// difference with its 95% interval, in all and per game.
    #[command(name = "match", after_help = MATCH_HELP)]
    Match(Match),
    /// Fits the model of declaring (who passes, who plays a Sauspiel or a solo, from the
    /// hand) to a club's logs: the players' view weighs its worlds by it (`--auction-model`).
    #[command(name = "auction-model", after_help = AUCTION_HELP)]
    AuctionModel {
        /// The logs' format.
        #[arg(long, value_parser = log_format(), default_value = "records")]
        from: LogFormat,
        /// The logs; `-` reads standard input.
        #[arg(required = true, value_name = "FILE|-")]
        files: Vec<PathBuf>,
        /// Write the model here instead of standard output.
        #[arg(short, long, value_name = "OUT")]
        output: Option<PathBuf>,
    },
    /// The HTTP service: solve, analyze, contracts, the pages and a game store in SQLite or PostgreSQL (docs/INTERFACE.md section 4).
    #[command(after_help = SERVE_HELP)]
    Serve(Serve),
    /// Prints the service's OpenAPI document (the same as `openapi/openapi.json`).
    Openapi,
    /// Writes hand records in another program's format (faults go to stderr).
    #[command(after_help = EXPORT_HELP)]
    Export {
        /// The format to write.
        #[arg(long, value_enum)]
        to: ExportFormat,
        #[command(flatten)]
        io: Io,
    },
}

/// The arguments of `ledger`.
#[derive(clap::Args)]
pub struct Ledger {
    /// Hand logs in the order played; `-` reads standard input.
    #[arg(required = true, value_name = "LOG|-")]
    pub logs: Vec<PathBuf>,
    /// The logs' format: hand records, or another program's logs converted on the way in.
    #[arg(long, value_parser = log_format(), default_value = "records")]
    pub from: LogFormat,
    /// Write the ledger here instead of standard output.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = LedgerFormat::Json)]
    pub format: LedgerFormat,
    /// The stock before the first game.
    #[arg(long, default_value_t = 0)]
    pub stock: i64,
    /// Also judge each game double dummy: what every player would have made with every
    /// card perfect (a search per game; Ramsch and hands thrown in are not judged).
    #[arg(long)]
    pub double_dummy: bool,
    /// Also play each game out single dummy: every card the best by what its player could
    /// know, over --samples worlds per decision (a search per world and card: dear for a
    /// Ramsch; a Sie and hands thrown in are not played out).
    #[arg(long)]
    pub single_dummy: bool,
    /// Single dummy: worlds per decision (all of them where they are fewer).
    #[arg(
        long,
        default_value_t = solver::defaults::LEDGER_WORLDS,
        value_parser = positive,
        requires = "single_dummy"
    )]
    pub samples: usize,
    /// Single dummy: the seed of the worlds drawn.
    #[arg(long, default_value_t = 0, requires = "single_dummy")]
    pub seed: u64,
    #[command(flatten)]
    pub search: SearchArgs,
}

/// What `match` plays.
#[derive(clap::Args)]
pub struct Match {
    /// Hand logs whose deals and contracts are played (records, or another program's
    /// logs with --from); `-` reads standard input.
    #[arg(required = true, value_name = "LOG|-")]
    pub logs: Vec<PathBuf>,
    #[arg(long, value_parser = log_format(), default_value = "records")]
    pub from: LogFormat,
    /// The first way of playing: `dd` (perfect play, every hand seen), `players` (the best
    /// card by what the player could know; options after a colon, comma-separated:
    /// `samples=N`, `seed=S`, `inference=auction|none`), `random` (`random:seed=S`), or
    /// `external:COMMAND` (a program speaking the JSON-lines protocol of INTERFACE.md).
    #[arg(long, value_name = "WAY")]
    pub first: String,
    /// The second way of playing (as --first).
    #[arg(long, value_name = "WAY")]
    pub second: String,
    /// Play at most this many deals (the first of the logs).
    #[arg(long, value_parser = positive)]
    pub deals: Option<usize>,
    /// Seconds an external program may take to answer one decision.
    #[arg(long, default_value_t = 60, value_parser = positive)]
    pub answer_seconds: usize,
    #[command(flatten)]
    pub search: SearchArgs,
}

/// How `serve` runs.
#[derive(clap::Args)]
pub struct Serve {
    /// The address to listen on (port 0: any free port; the address taken is printed).
    #[arg(long, env = "SCHAFKOPF_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// Not an option: the port is part of `--addr`. Named so that the mistake is answered
    /// with the way (never holds a value: its parser refuses every one).
    #[arg(long, hide = true, value_name = "PORT", value_parser = no_port)]
    pub port: Option<String>,
    /// The game store: a SQLite file (created if missing), or a PostgreSQL database
    /// (`postgres://user:password@host:5432/name`) that several instances can share.
    #[arg(long, env = "SCHAFKOPF_DB", default_value = "schafkopf.db")]
    pub db: String,
    /// Solver worker threads (default: one per core).
    #[arg(long, env = "SCHAFKOPF_WORKERS", value_parser = positive)]
    pub workers: Option<usize>,
    /// Solve requests that may wait for a worker; more are answered 503 with Retry-After.
    #[arg(long, env = "SCHAFKOPF_QUEUE", default_value_t = 64)]
    pub queue: usize,
    /// Seconds a request may wait for a worker; then it is answered 503 with Retry-After.
    #[arg(long, env = "SCHAFKOPF_QUEUE_WAIT", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub queue_wait: u64,
    /// Positions one request may search, over all its questions, before it is refused (422,
    /// `search_budget`). (The search commands' `--node-budget` bounds each question.)
    #[arg(
        long,
        env = "SCHAFKOPF_REQUEST_NODE_BUDGET",
        default_value_t = 2_000_000_000
    )]
    pub request_node_budget: u64,
    /// Memory for each worker's transposition tables, in MiB: half for exact positions,
    /// half for similar ones; in a Ramsch three quarters for the settlement search.
    #[arg(long, env = "SCHAFKOPF_TABLE_MB", default_value_t = 64)]
    pub table_mb: usize,
    /// The largest request body accepted, in bytes (larger: 413).
    #[arg(long, env = "SCHAFKOPF_BODY_LIMIT", default_value_t = 256 * 1024)]
    pub body_limit: usize,
    /// Seconds a request body may take to arrive (longer: 408).
    #[arg(long, env = "SCHAFKOPF_BODY_TIMEOUT", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub body_timeout: u64,
    /// A host name the service answers to besides its addresses (repeatable). Bound to
    /// loopback it answers only to `localhost` and its address, so that no other site's
    /// name can be pointed at it; behind a proxy that serves it under a public name, give
    /// that name here.
    #[arg(
        long = "allow-host",
        value_name = "NAME",
        env = "SCHAFKOPF_ALLOW_HOSTS",
        value_delimiter = ','
    )]
    pub allow_hosts: Vec<String>,
    /// The model of declaring the players' view weighs its worlds by, as `schafkopf
    /// auction-model` (or `GET /api/v1/auction-model` over the stored games) writes it
    /// [default: the one fitted to the NetSchafkopf log].
    #[arg(long, value_name = "FILE")]
    pub auction_model: Option<PathBuf>,
}

/// What `schafkopf summary` does.
#[derive(Subcommand)]
pub enum SummaryAction {
    /// The summary of all the parts' records, exactly as one `batch` run over them would
    /// have written it.
    Merge {
        /// Summary files of `batch --summary` (parts of one job, in any order).
        #[arg(required = true, value_name = "PART")]
        parts: Vec<PathBuf>,
        /// Write the total here instead of standard output.
        #[arg(short, long, value_name = "TOTAL")]
        output: Option<PathBuf>,
    },
}

/// Formats `export` writes.
#[derive(Copy, Clone, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportFormat {
    /// openschafkopf's plain lines (`Rufspiel Eichel von 3: so h7 ...`).
    Openschafkopf,
}

/// Output of `ledger`.
#[derive(Copy, Clone, PartialEq, Eq, clap::ValueEnum)]
pub enum LedgerFormat {
    /// One JSON object per game (or its fault, in place), then `{"totals": ...}`.
    Json,
    /// The score table: each player's running total after each game, then the accounts.
    Table,
}

/// The arguments of `batch`.
#[derive(clap::Args)]
pub struct BatchArgs {
    /// Hand logs (JSON lines).
    #[arg(required = true, value_name = "LOG")]
    pub logs: Vec<PathBuf>,
    /// The output file (one line per record, in input order); `-` is standard output
    /// (then give `--summary`).
    #[arg(short, long, value_name = "OUT")]
    pub output: PathBuf,
    #[arg(long, value_enum, default_value_t = BatchFormat::Json)]
    pub format: BatchFormat,
    /// The summary file (per player and per contract); default: OUT.summary.json.
    #[arg(long, value_name = "FILE")]
    pub summary: Option<PathBuf>,
    /// Go on from a run that stopped: keep OUT's whole lines (a torn last line is
    /// dropped), skip as many records, and append the rest.
    #[arg(long)]
    pub resume: bool,
    /// Number the hand log's lines from N: the input is a piece of a longer log that
    /// starts at its line N, and faults name the whole log's lines (the Spark job
    /// passes each piece's place).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = positive)]
    pub first_line: usize,
    /// The logs' format: hand records, or another program's logs converted on the way in.
    #[arg(long, value_parser = log_format(), default_value = "records")]
    pub from: LogFormat,
    #[command(flatten)]
    pub search: SearchArgs,
    #[command(flatten)]
    pub players: Players,
}
