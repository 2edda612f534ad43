//! `schafkopf match`: two ways of playing over the same deals, duplicate
//! (`solver::duplicate`), and the programs that play by the JSON-lines protocol.

use crate::config::Config;
use crate::sources::{self, with_path};
use serde_json::{json, Value};
use solver::duplicate::{board, Board, DoubleDummy, Players, Random, Report, Strategy};
use solver::single_dummy::{Inference, Sampling};
use solver::{Card, Error, Game, Record, Rng, Setup, Solver};
use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::mpsc;
use std::time::Duration;

pub fn run_match(run: crate::args::Match, config: &Config) -> io::Result<ExitCode> {
    let mut first = strategy(&run.first, run.answer_seconds)?;
    let mut second = strategy(&run.second, run.answer_seconds)?;
    let setups = read_deals(&run, config)?;
    let mut solvers = crate::config::Workers::of(&run.search)?.solvers();
    let bar = crate::run::progress_bar(Some(setups.len() as u64))?;
    let mut boards: Vec<Board> = Vec::with_capacity(setups.len());
    let mut fault = None;
    for setup in &setups {
        match board(setup, first.as_mut(), second.as_mut(), &mut solvers) {
            Ok(b) => boards.push(b),
            Err(e) => {
                let id = setup.id().unwrap_or("a deal");
                fault = Some(format!("{id}: {}", config.pack.text(&e)));
                break;
            }
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    let report = Report::of(&run.first, &run.second, &boards);
    // Numbers and strings always serialize.
    println!("{}", serde_json::to_string(&report).unwrap_or_default());
    match fault {
        // The deals played so far are reported; the match stops at the fault.
        Some(message) => {
            eprintln!(
                "schafkopf: the match stopped after {} deals: {message}",
                boards.len()
            );
            Ok(ExitCode::from(2))
        }
        None => Ok(ExitCode::SUCCESS),
    }
}

/// The deals of the logs with their contracts, in order (`--deals` at most): records that
/// do not read, or have no contract to play, are left out and counted on stderr.
fn read_deals(run: &crate::args::Match, config: &Config) -> io::Result<Vec<Setup>> {
    let (mut setups, mut skipped) = (Vec::new(), 0usize);
    let wanted = run.deals.unwrap_or(usize::MAX);
    'logs: for log in &run.logs {
        let source = sources::open(Some(log), run.from, false, config.reading())?;
        for item in source {
            let item = item.map_err(|e| with_path(e, log))?;
            let game = item
                .text
                .ok()
                .and_then(|t| Record::from_json(&t).ok())
                .and_then(|r| r.game().ok());
            match game {
                Some(g) => setups.push(g.setup().clone()),
                None => skipped += 1,
            }
            if setups.len() >= wanted {
                break 'logs;
            }
        }
    }
    if skipped > 0 {
        eprintln!("schafkopf: {skipped} records without a contract to play left out");
    }
    if setups.is_empty() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "no deal with a contract in the logs: nothing to play",
        ));
    }
    Ok(setups)
}

/// A way of playing by its name (`--first`, `--second`).
fn strategy(spec: &str, answer_seconds: usize) -> io::Result<Box<dyn Strategy>> {
    let usage =
        |why: String| io::Error::new(io::ErrorKind::InvalidInput, format!("'{spec}': {why}"));
    if let Some(command) = spec.strip_prefix("external:") {
        let seconds = Duration::from_secs(answer_seconds as u64);
        return External::start(command, seconds).map(|e| Box::new(e) as Box<dyn Strategy>);
    }
    let (name, options) = spec.split_once(':').unwrap_or((spec, ""));
    let mut samples = solver::defaults::DECISION_WORLDS;
    let (mut seed, mut inference) = (0u64, Inference::auction());
    for option in options.split(',').filter(|o| !o.is_empty()) {
        let (key, value) = option
            .split_once('=')
            .ok_or_else(|| usage(format!("option '{option}' is not KEY=VALUE")))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| usage(format!("{key}={value}: not a whole number")))
        };
        match (name, key) {
            ("players", "samples") => samples = number()?.max(1) as usize,
            ("players" | "random", "seed") => seed = number()?,
            ("players", "inference") => {
                inference = match value {
                    "auction" => Inference::auction(),
                    "none" => Inference::None,
                    _ => return Err(usage(format!("inference={value}: auction or none"))),
                }
            }
            _ => return Err(usage(format!("'{key}' is no option of {name}"))),
        }
    }
    match name {
        "dd" => Ok(Box::new(DoubleDummy)),
        "players" => {
            let sampling = Sampling::new(samples, seed)
                .paying_only()
                .inferring(inference);
            Ok(Box::new(Players(sampling)))
        }
        "random" => Ok(Box::new(Random(Rng::new(seed)))),
        _ => Err(usage(
            "a way of playing is dd, players[:OPTIONS], random[:seed=S] or external:COMMAND"
                .to_string(),
        )),
    }
}

/// A program that chooses cards: one JSON line in for each decision (the position as the
/// seat sees it), one line out with its card (INTERFACE.md section 3).
struct External {
    command: String,
    child: Child,
    input: ChildStdin,
    answers: mpsc::Receiver<io::Result<String>>,
    wait: Duration,
}

impl External {
    fn start(command: &str, wait: Duration) -> io::Result<External> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| io::Error::new(e.kind(), format!("external:{command}: {e}")))?;
        let (input, output) = match (child.stdin.take(), child.stdout.take()) {
            (Some(i), Some(o)) => (i, o),
            _ => return Err(io::Error::other(format!("external:{command}: no pipes"))),
        };
        // Lines are read on a thread of their own, so that a program that answers nothing
        // is waited for no longer than `wait`.
        let (sender, answers) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                if sender.send(line).is_err() {
                    return;
                }
            }
        });
        Ok(External {
            command: command.to_string(),
            child,
            input,
            answers,
            wait,
        })
    }

    /// The position as the player to move sees it.
    fn question(position: &Game) -> Value {
        let seat = position.to_move();
        let record: Value =
            serde_json::from_str(&Record::from_game(position).to_json()).unwrap_or(Value::Null);
        let plays: Vec<String> = position
            .plays()
            .iter()
            .map(|(_, c)| c.to_string())
            .collect();
        json!({
            "seat": seat.index(),
            "hand": position.hands()[seat].to_string(),
            "contract": record["contract"],
            "play": plays.join(" "),
            "legal": position.legal_cards().to_string(),
        })
    }

    fn fault(&self, why: String) -> Error {
        Error::BadView(format!("external:{}: {why}", self.command))
    }
}

impl Strategy for External {
    fn choose(&mut self, position: &Game, _: &mut [Solver]) -> Result<Card, Error> {
        let line = External::question(position).to_string();
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| self.fault(format!("cannot be asked: {e}")))?;
        let answer = match self.answers.recv_timeout(self.wait) {
            Ok(Ok(answer)) => answer,
            Ok(Err(e)) => return Err(self.fault(format!("its answer does not read: {e}"))),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                return Err(self.fault(format!("no answer within {:?}", self.wait)))
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(self.fault("ended without an answer".to_string()))
            }
        };
        let card = serde_json::from_str::<Value>(&answer)
            .ok()
            .and_then(|v| v["card"].as_str().and_then(|c| c.parse::<Card>().ok()));
        card.ok_or_else(|| self.fault(format!("answered `{answer}`, not {{\"card\": CARD}}")))
    }
}

impl Drop for External {
    fn drop(&mut self) {
        // The program is done with: ended, so that no process outlives the match.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
