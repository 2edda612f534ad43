//! `solver-bench`: times the double-dummy solver from the first card over seeded realistic
//! deals per contract and over the dealt hands of real games.
//!
//! ```sh
//! cargo run --release -p schafkopf-bench -- [--deals N] [--contract NAME] [--data FILE]
//!     [--table-mb MB] [--repeat N]
//! cargo run --release -p schafkopf-bench -- --write-games N FILE   # a log for `batch`
//! cargo run --release -p schafkopf-bench -- --wide [--deals N] [--left K]   # six and eight seats
//! cargo run --release -p schafkopf-bench -- --sampling [--deals N] [--threads T] --data FILE
//! cargo run --release -p schafkopf-bench -- --analyses [--players] [--games ramsch] --log FILE
//! ```
//!
//! For each contract it reports median, p90, p99 and max of wall time and nodes (and the
//! nodes of all deals together), single thread, for three questions: the exact value, the
//! value of every legal first card (what `schafkopf solve` prints), and the "at least 61"
//! test (for Tout and Bettel: "all tricks" and "no trick"). For the real games two more:
//! `analyze`, every card of the game as played, and `declarer`, the outcome of every
//! contract the declarer could have announced (`declarer_contracts`): together what
//! `schafkopf batch` does per record. One solver (one table) serves all deals, as in a
//! batch run. After each contract's rows a line gives the ratios the targets of issue 3
//! are stated in (medians of `cards` and `at_least` against `exact`'s, `exact`'s p99
//! against its median). With `--repeat N` the questions run in N passes and each one's
//! fastest pass counts: the host's noise then moves the figures less.

mod analyses;
mod cpu;
mod realism;
mod sampling;
mod verdicts;
mod wide;

use solver::rules::*;
use solver::Rng;
use solver::*;
use std::time::Instant;

/// How a declarer who would really announce the game looks.
fn realistic(contract: &Contract, hand: Cards, deck: Deck) -> bool {
    let order = contract.order(deck);
    let trumps = hand.intersect(order.trumps()).len();
    let obers_unters = hand.intersect(Cards::OBERS | Cards::UNTERS).len();
    match contract {
        Contract::Sauspiel { .. } => trumps >= 4 && obers_unters >= 2,
        Contract::Solo { game, tout, .. } => {
            let unters = hand.intersect(Cards::UNTERS).len();
            let obers = hand.intersect(Cards::OBERS).len();
            if *tout {
                // A classic Tout hand: the top three trumps, six trumps in all, and every
                // other card an ace.
                let top: Cards = order.trump_list()[..3].iter().copied().collect();
                let others = hand.without(order.trumps());
                return top.is_subset(hand) && trumps >= 6 && others.is_subset(Rank::Ace.cards());
            }
            let aces = hand
                .without(order.trumps())
                .intersect(Rank::Ace.cards())
                .len();
            match game {
                // Seven trumps with two Obers, or six with the two top Obers and a plain ace.
                Solo::Farbsolo(_) => {
                    let top2 = hand.intersect(Cards::OBERS).len() >= 2
                        && hand.contains(order.trump_list()[0])
                        && hand.contains(order.trump_list()[1]);
                    (trumps >= 7 && obers >= 2) || (trumps >= 6 && top2 && aces >= 1)
                }
                Solo::Wenz => unters >= 2 && unters + aces >= 5,
                Solo::Geier => obers >= 2 && obers + aces >= 5,
                // Seven trumps, or six with three Unters (Obers).
                Solo::Farbwenz(_) => unters >= 2 && (trumps >= 7 || (trumps >= 6 && unters >= 3)),
                Solo::Farbgeier(_) => obers >= 2 && (trumps >= 7 || (trumps >= 6 && obers >= 3)),
                // The other games of four top trumps, as Wenz and Farbwenz; Obers and Unters
                // as a Farbsolo's eight.
                Solo::Koenig | Solo::Eisenbahner => trumps >= 2 && trumps + aces >= 5,
                Solo::Farbkoenig(_) | Solo::Farbeisenbahner(_) => trumps >= 6,
                Solo::ObersUnters => trumps >= 5 && obers >= 2,
            }
        }
        Contract::Bettel { .. } => {
            // A safe-looking Bettel: every suit held contains its 7, and nothing above the
            // 9 but one card.
            let low = Rank::Nine.cards() | Rank::Eight.cards() | Rank::Seven.cards();
            let suits_have_seven = Suit::ALL
                .iter()
                .all(|s| hand.of_suit(*s).is_empty() || hand.contains(Card::new(*s, Rank::Seven)));
            suits_have_seven && hand.without(low).len() <= 1
        }
        _ => true,
    }
}

fn contract_named(name: &str, declarer: Seat, suit: Suit) -> Contract {
    let solo = |game, tout| Contract::Solo {
        declarer,
        game,
        tout,
    };
    match name {
        "sauspiel" => Contract::sauspiel(declarer, suit),
        "farbsolo" => solo(Solo::Farbsolo(suit), false),
        "wenz" => solo(Solo::Wenz, false),
        "geier" => solo(Solo::Geier, false),
        "farbwenz" => solo(Solo::Farbwenz(suit), false),
        "farbgeier" => solo(Solo::Farbgeier(suit), false),
        "tout" => solo(Solo::Farbsolo(suit), true),
        "bettel" => Contract::Bettel {
            declarer,
            ouvert: false,
            trumps: false,
        },
        other => panic!("unknown contract {other}"),
    }
}

const CONTRACTS: [&str; 8] = [
    "sauspiel",
    "farbsolo",
    "wenz",
    "geier",
    "farbwenz",
    "farbgeier",
    "tout",
    "bettel",
];

/// Seeded realistic deals for a contract: the declarer is a random seat, seat 0 leads.
fn deals(name: &str, count: usize, seed: u64) -> Vec<Setup> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let hands = random_deal(&mut rng, Deck::Long);
        let declarer = Seat::wrapping(rng.below(4) as u8);
        let suits: &[Suit] = if name == "sauspiel" {
            &[Suit::Eichel, Suit::Gras, Suit::Schellen]
        } else {
            &Suit::ALL
        };
        let suit = suits[rng.below(suits.len())];
        let contract = contract_named(name, declarer, suit);
        if let Contract::Sauspiel { called, .. } = contract {
            if !callable_aces(hands[declarer], Deck::Long).contains(&called) {
                continue;
            }
        }
        if !realistic(&contract, hands[declarer], Deck::Long) {
            continue;
        }
        // A random deal is a complete one, and the contract was drawn among those the
        // declarer may play (a callable ace, checked above).
        let deal = Deal::new(Variant::Bavarian, Deck::Long, hands)
            .expect("a random deal is complete")
            .named(Some(format!("{name}-{}", out.len())), None);
        out.push(Setup::new(deal, contract).expect("a contract the declarer may play"));
    }
    out
}

#[derive(Default)]
struct Samples {
    micros: Vec<f64>,
    nodes: Vec<u64>,
}

impl Samples {
    fn push(&mut self, micros: f64, nodes: u64) {
        self.micros.push(micros);
        self.nodes.push(nodes);
    }

    /// The time at quantile `p`, in milliseconds (the rank [`Samples::line`] prints).
    fn ms_at(&self, p: f64) -> f64 {
        let mut micros = self.micros.clone();
        micros.sort_by(|a, b| a.total_cmp(b));
        micros
            .get(rank(micros.len(), p))
            .map_or(f64::NAN, |m| m / 1000.0)
    }

    fn line(&mut self) -> String {
        self.micros.sort_by(|a, b| a.total_cmp(b));
        self.nodes.sort();
        let n = self.micros.len();
        if n == 0 {
            return "(no samples)".to_string();
        }
        let ms = |i: usize| self.micros[i] / 1000.0;
        format!(
            "{:>9.3} {:>9.3} {:>9.3} {:>9.3} | {:>9} {:>9} {:>10} {:>11}",
            ms(rank(n, 0.5)),
            ms(rank(n, 0.9)),
            ms(rank(n, 0.99)),
            ms(n - 1),
            self.nodes[rank(n, 0.5)],
            self.nodes[rank(n, 0.9)],
            self.nodes[n - 1],
            self.nodes.iter().sum::<u64>()
        )
    }
}

/// The index of quantile `p` among `len` sorted samples (nearest rank).
fn rank(len: usize, p: f64) -> usize {
    ((len as f64 - 1.0) * p).round() as usize
}

/// A question to time: it runs on the solver and answers a number (the value, where
/// asked).
type Question<'a> = Box<dyn Fn(&mut Solver) -> i64 + 'a>;

/// Times `questions` in turn, each on a fresh deal generation, `repeat` passes over all of
/// them, and gives per question the fastest pass's microseconds, the nodes searched and
/// the answer. Every pass searches the same nodes (nothing carries over between
/// generations, and the table puts a deal's positions in the same buckets under every
/// generation): only what the host does beside it varies. Whole passes, so that each
/// question runs after the same others every time, its caches as cold as in one pass
/// (asked twice in a row, a small search finds its own table lines still cached).
fn timed(solver: &mut Solver, repeat: usize, questions: &[Question]) -> Vec<(f64, u64, i64)> {
    let mut out: Vec<(f64, u64, i64)> = Vec::with_capacity(questions.len());
    for pass in 0..repeat {
        for (i, question) in questions.iter().enumerate() {
            solver.forget();
            let before = solver.stats().nodes;
            let start = Instant::now();
            let answer = question(solver);
            let micros = start.elapsed().as_secs_f64() * 1e6;
            let nodes = solver.stats().nodes - before;
            if pass == 0 {
                out.push((micros, nodes, answer));
                continue;
            }
            let first = &mut out[i];
            if first.1 != nodes {
                eprintln!(
                    "solver-bench: a question asked again searched {nodes} nodes, not {}",
                    first.1
                );
                std::process::exit(1);
            }
            first.0 = first.0.min(micros);
        }
    }
    out
}

/// Times the three questions on every deal (the fastest of `repeat` passes); also counts
/// the deals the declaring side wins double dummy (a check that the deals are ones a
/// player would announce).
fn measure(solver: &mut Solver, setups: &[Setup], repeat: usize) -> ([Samples; 3], usize) {
    let games: Vec<(Game, u8)> = setups
        .iter()
        .map(|setup| {
            let threshold = match setup.contract() {
                Contract::Bettel { .. } => 1,
                Contract::Solo { tout: true, .. } => setup.trick_count() as u8,
                _ => 61,
            };
            (Game::new(setup.clone()), threshold)
        })
        .collect();
    // One question over every deal, then the next: a deal's positions land in the same
    // table buckets for every question, so asked right after one another the later
    // questions would find them cached.
    let mut questions: Vec<Question> = Vec::new();
    for (game, _) in &games {
        questions.push(Box::new(move |s| s.value(game).unwrap()));
    }
    for (game, _) in &games {
        questions.push(Box::new(move |s| s.solve(game).unwrap().value));
    }
    for (game, threshold) in &games {
        questions.push(Box::new(move |s| {
            s.at_least(game, *threshold as i64).unwrap() as i64
        }));
    }
    let results = timed(solver, repeat, &questions);
    let mut out: [Samples; 3] = Default::default();
    let mut won = 0;
    for (k, &(micros, nodes, answer)) in results.iter().enumerate() {
        let (question, deal) = (k / games.len(), k % games.len());
        out[question].push(micros, nodes);
        if question == 0 {
            let (game, threshold) = &games[deal];
            won += match game.contract() {
                Contract::Bettel { .. } => answer == 0,
                Contract::Ramsch => true,
                _ => answer >= *threshold as i64,
            } as usize;
        }
    }
    (out, won)
}

/// Writes `n` seeded played games to `path`: realistic deals of the contracts of the
/// benchmark (Sauspiel most often, as at a real table), played out with random legal cards.
/// An input for timing `schafkopf batch` until real logs can be imported.
fn write_games(n: usize, path: &str) {
    let mix = [
        "sauspiel", "sauspiel", "sauspiel", "sauspiel", "sauspiel", "sauspiel", "farbsolo", "wenz",
        "geier", "farbwenz",
    ];
    let mut rng = Rng::new(0xba7c4);
    let mut out = String::new();
    for i in 0..n {
        let name = mix[i % mix.len()];
        let setup = deals(name, 1, 0xba7c4 + i as u64).remove(0);
        let deal = setup
            .deal()
            .clone()
            .named(Some(format!("generated-{i}")), None);
        // The same deal and contract, checked once already.
        let mut game = Game::new(Setup::new(deal, setup.contract()).expect("checked in deals"));
        while !game.is_over() {
            let card = rng.pick(game.legal_cards());
            game.play_unchecked(card);
        }
        out.push_str(&Record::from_game(&game).to_json());
        out.push('\n');
    }
    std::fs::write(path, out).expect("the games file is writable");
}

/// Every game of a NetSchafkopf log that reads as a record, in order.
fn log_games(path: &str) -> Vec<Game> {
    let bytes = std::fs::read(path).expect("the log is readable");
    let name = std::path::Path::new(path)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let text = formats::decode(&bytes);
    formats::read(&text, formats::LogFormat::Netschafkopf, &name)
        .into_iter()
        .filter_map(|(_, record)| record.ok()?.game().ok())
        .collect()
}

const USAGE: &str =
    "usage: solver-bench [--deals N] [--contract NAME] [--data FILE]... [--table-mb MB] [--repeat N]
       solver-bench --sampling [--deals N] [--threads T] [--table-mb MB] [--data FILE]...
       solver-bench --verdicts [--samples N] [--threads T] [--table-mb MB] --log FILE...
       solver-bench --realism --log FILE...
       solver-bench --analyses [--players] [--games all|ramsch|others] [--threads T] --log FILE...
       solver-bench --wide [--deals N] [--left K]
       solver-bench --write-games N FILE
contracts: sauspiel farbsolo wenz geier farbwenz farbgeier tout bettel (none: only --data)";

/// The `k`-th value after the option `args[i]` (from 1), parsed, or the usage on stderr
/// and exit status 2.
fn nth_value_of<T: std::str::FromStr>(args: &[String], i: usize, k: usize) -> T {
    match args.get(i + k).map(|a| a.parse()) {
        Some(Ok(v)) => v,
        _ => {
            eprintln!("solver-bench: {} takes a value\n{USAGE}", args[i]);
            std::process::exit(2);
        }
    }
}

/// The value after the option `args[i]`, parsed (see [`nth_value_of`]).
fn value_of<T: std::str::FromStr>(args: &[String], i: usize) -> T {
    nth_value_of(args, i, 1)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut count = 200usize;
    let mut only: Option<String> = None;
    let mut data: Vec<String> = Vec::new();
    let mut table_bytes = DEFAULT_TABLE_BYTES;
    let mut repeat = 1usize;
    let mut sampled = false;
    let mut judged_verdicts = false;
    let mut realistic_worlds = false;
    let mut whole_analyses = false;
    let mut players = false;
    let mut wide_tables = false;
    let mut left: Option<u32> = None;
    let mut chosen = analyses::Chosen::All;
    let mut logs: Vec<String> = Vec::new();
    let mut samples: Option<usize> = None;
    let mut threads = 2usize;
    let mut i = 1;
    while i < args.len() {
        match args[i].as_str() {
            "--deals" => {
                count = value_of(&args, i);
                i += 1;
            }
            "--contract" => {
                let name: String = value_of(&args, i);
                if name != "none" && !CONTRACTS.contains(&name.as_str()) {
                    eprintln!("solver-bench: unknown contract {name}\n{USAGE}");
                    std::process::exit(2);
                }
                only = Some(name);
                i += 1;
            }
            "--table-mb" => {
                let mb: usize = value_of(&args, i);
                table_bytes = mb << 20;
                i += 1;
            }
            "--write-games" => {
                let n: usize = value_of(&args, i);
                let path: String = nth_value_of(&args, i, 2);
                write_games(n, &path);
                return;
            }
            "--repeat" => {
                repeat = value_of(&args, i);
                if repeat == 0 {
                    eprintln!("solver-bench: --repeat takes a count of at least 1\n{USAGE}");
                    std::process::exit(2);
                }
                i += 1;
            }
            "--data" => {
                data.push(value_of(&args, i));
                i += 1;
            }
            "--sampling" => sampled = true,
            "--verdicts" => judged_verdicts = true,
            "--realism" => realistic_worlds = true,
            "--analyses" => whole_analyses = true,
            "--players" => players = true,
            "--wide" => wide_tables = true,
            "--left" => {
                left = Some(value_of(&args, i));
                i += 1;
            }
            "--games" => {
                let text: String = value_of(&args, i);
                chosen = analyses::Chosen::parse(&text).unwrap_or_else(|| {
                    eprintln!("solver-bench: --games takes all, ramsch or others\n{USAGE}");
                    std::process::exit(2);
                });
                i += 1;
            }
            "--samples" => {
                samples = Some(value_of(&args, i));
                i += 1;
            }
            "--log" => {
                logs.push(value_of(&args, i));
                i += 1;
            }
            "--threads" => {
                threads = value_of::<usize>(&args, i).max(1);
                i += 1;
            }
            "--help" | "-h" => {
                println!("{USAGE}");
                return;
            }
            other => {
                eprintln!("solver-bench: unknown argument {other}\n{USAGE}");
                std::process::exit(2);
            }
        }
        i += 1;
    }
    if wide_tables {
        wide::run(count, left);
        return;
    }
    if realistic_worlds {
        let named: Vec<(String, Vec<Game>)> = logs
            .iter()
            .map(|path| (path.clone(), log_games(path)))
            .collect();
        realism::run(&named);
        return;
    }
    if whole_analyses {
        let games: Vec<Game> = logs.iter().flat_map(|path| log_games(path)).collect();
        analyses::run(&games, chosen, players, threads, table_bytes);
        return;
    }
    if judged_verdicts {
        let games: Vec<Game> = logs.iter().flat_map(|path| log_games(path)).collect();
        let samples = samples.unwrap_or(defaults::ANALYSIS_WORLDS);
        verdicts::run(&verdicts::chosen(&games), samples, threads, table_bytes);
        return;
    }
    if sampled {
        // Declarer hands of realistic deals of every contract, `count` in all, and the
        // finished Sauspiel games of the data files.
        let per = count.div_ceil(CONTRACTS.len());
        let setups: Vec<Setup> = CONTRACTS
            .iter()
            .flat_map(|name| deals(name, per, 0x5eed ^ name.len() as u64))
            .take(count)
            .collect();
        let mut games = Vec::new();
        for path in &data {
            let text = std::fs::read_to_string(path).expect("the data file is readable");
            for line in text.lines().filter(|l| !l.trim().is_empty()) {
                let game = Record::from_json(line)
                    .and_then(|r| r.game())
                    .expect("a valid record");
                if game.is_over() && matches!(game.contract(), Contract::Sauspiel { .. }) {
                    games.push(game);
                }
            }
        }
        games.truncate(count);
        sampling::run(&setups, &games, threads, table_bytes);
        return;
    }
    let mut solver = Solver::with_budget(table_bytes);
    println!(
        "{:<10} {:>5} {:<8} {:>9} {:>9} {:>9} {:>9} | {:>9} {:>9} {:>10} {:>11}",
        "contract",
        "deals",
        "question",
        "med ms",
        "p90 ms",
        "p99 ms",
        "max ms",
        "med nodes",
        "p90 nodes",
        "max nodes",
        "all nodes"
    );
    let names = ["exact", "cards", "at_least"];
    for name in CONTRACTS {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        let setups = deals(name, count, 0x5eed ^ name.len() as u64);
        let (mut samples, won) = measure(&mut solver, &setups, repeat);
        for (q, s) in names.iter().zip(samples.iter_mut()) {
            println!("{:<10} {:>5} {:<8} {}", name, setups.len(), q, s.line());
        }
        let exact = samples[0].ms_at(0.5);
        println!(
            "{name}: cards {:.2}x exact, at_least {:.2}x exact, exact p99 {:.1}x its median",
            samples[1].ms_at(0.5) / exact,
            samples[2].ms_at(0.5) / exact,
            samples[0].ms_at(0.99) / exact,
        );
        println!(
            "{name}: the declaring side wins {won} of {} double dummy",
            setups.len()
        );
    }
    for path in data {
        let text = std::fs::read_to_string(&path).expect("the data file is readable");
        let mut by_game: std::collections::BTreeMap<String, Vec<(Record, Game)>> =
            Default::default();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let record = Record::from_json(line).expect("a valid record");
            let game = record.game().expect("a valid record");
            let name = game.contract().game_name().to_string();
            by_game.entry(name).or_default().push((record, game));
        }
        for (name, played) in by_game {
            let games: Vec<&Game> = played.iter().map(|(_, g)| g).collect();
            let setups: Vec<Setup> = games.iter().map(|g| g.setup().clone()).collect();
            let (mut samples, _) = measure(&mut solver, &setups, repeat);
            // Whole-game analysis of the game as played: every card, one solver.
            let analyses: Vec<Question> = games
                .iter()
                .filter(|g| g.is_over())
                .map(|&game| -> Question {
                    Box::new(move |s| {
                        analyze(game, s).expect("a played game analyses");
                        0
                    })
                })
                .collect();
            let mut analysis = Samples::default();
            let analysed = played.iter().filter(|(_, g)| g.is_over());
            let verbose = std::env::var_os("BENCH_VERBOSE").is_some();
            for ((micros, nodes, _), (record, _)) in timed(&mut solver, repeat, &analyses)
                .into_iter()
                .zip(analysed)
            {
                if verbose {
                    let id = record.id.as_deref().unwrap_or("-");
                    eprintln!(
                        "analyze {:>10.3} ms {nodes:>11} nodes {id}",
                        micros / 1000.0
                    );
                }
                analysis.push(micros, nodes);
            }
            // A Ramsch by the measure it had before its settlement: every card's player's
            // own card points, the others maximising them, before and after the card (the
            // comparison of issue 37's targets).
            let by_points: Vec<Question> = games
                .iter()
                .filter(|g| g.is_over() && g.contract() == Contract::Ramsch)
                .map(|&game| -> Question { Box::new(move |s| ramsch_by_points(game, s)) })
                .collect();
            let mut points = Samples::default();
            for (micros, nodes, _) in timed(&mut solver, repeat, &by_points) {
                points.push(micros, nodes);
            }
            let ratios = per_game_ratios(&analysis, &points);
            // What a batch adds: the outcome of every contract the declarer could have
            // announced (none in Ramsch).
            let contracts: Vec<Question> = played
                .iter()
                .filter(|(_, game)| game.contract().declarer().is_some())
                .map(|(record, _)| -> Question {
                    Box::new(move |s| {
                        declarer_contracts(record, s, None).expect("the contracts are valued");
                        0
                    })
                })
                .collect();
            let mut declarer = Samples::default();
            for (micros, nodes, _) in timed(&mut solver, repeat, &contracts) {
                declarer.push(micros, nodes);
            }
            let label = format!("real:{name}");
            for (q, s) in names.iter().zip(samples.iter_mut()) {
                println!("{:<10} {:>5} {:<8} {}", label, setups.len(), q, s.line());
            }
            let rows = [
                ("analyze", &mut analysis),
                ("points", &mut points),
                ("declarer", &mut declarer),
            ];
            for (question, samples) in rows {
                if !samples.micros.is_empty() {
                    let n = samples.micros.len();
                    println!("{:<10} {:>5} {:<8} {}", label, n, question, samples.line());
                }
            }
            if let Some(ratios) = ratios {
                println!("{label}: analyze against points, game by game: {ratios}");
            }
        }
    }
}

/// Each game's analysis against its analysis by the points measure (the same games in the
/// same order): the median and p90 of the ratios of time and of nodes, the comparison of
/// issue 37's target game by game. None where there are no points analyses.
fn per_game_ratios(analysis: &Samples, points: &Samples) -> Option<String> {
    let n = points.micros.len();
    if n == 0 || analysis.micros.len() != n {
        return None;
    }
    let quantiles = |mut r: Vec<f64>| {
        r.sort_by(f64::total_cmp);
        (r[rank(n, 0.5)], r[rank(n, 0.9)])
    };
    let time = quantiles(
        (0..n)
            .map(|i| analysis.micros[i] / points.micros[i])
            .collect(),
    );
    let nodes = quantiles(
        (0..n)
            .map(|i| analysis.nodes[i] as f64 / points.nodes[i].max(1) as f64)
            .collect(),
    );
    Some(format!(
        "time median {:.2}x, p90 {:.2}x; nodes median {:.2}x, p90 {:.2}x",
        time.0, time.1, nodes.0, nodes.1
    ))
}

/// A played Ramsch analysed by its player's own card points (the measure before issue 22):
/// each card's position and the position after it, valued for the player of the card, the
/// other three maximising his points.
fn ramsch_by_points(game: &Game, solver: &mut Solver) -> i64 {
    let mut position = Game::new(game.setup().clone());
    let mut total = 0;
    for (seat, card) in game.plays() {
        let frame = solver::Frame {
            counted: solver::Seats::one(seat),
            maximizers: solver::Seats::one(seat).others(),
            measure: solver::Measure::Points,
        };
        let before = solver.value_in(&position, frame).expect("a points frame");
        position.play_unchecked(card);
        let after = solver.value_in(&position, frame).expect("a points frame");
        total += before + after;
    }
    total
}
