//! Human-readable tables for `analyze` and `contracts` (`--format table`).

use solver::{Analysis, Contract, ContractsReport, Game, Measure, Outcome};
use std::fmt::Write;

fn seats_text(seats: &[u8]) -> String {
    seats
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" and ")
}

/// The four hands, each trick card by card with its value before and after, the best cards
/// and the cost marked, then the result and each player's summary.
pub fn analysis(game: &Game, a: &Analysis) -> String {
    let mut out = String::new();
    let setup = game.setup();
    let declarers: Vec<u8> = setup.declarers().iter().map(|s| s as u8).collect();
    let _ = write!(out, "{}", a.id.as_deref().unwrap_or("(no id)"));
    let _ = write!(out, ": {:#}", setup.contract().title());
    if let Some(d) = setup.contract().declarer() {
        let _ = write!(out, " by seat {d}");
    }
    if !declarers.is_empty() {
        let _ = write!(out, " (declarers: seat {})", seats_text(&declarers));
    }
    out.push('\n');
    for (seat, hand) in setup.hands().iter() {
        let name = setup
            .players()
            .and_then(|p| p.get(seat.index()))
            .map(|n| format!(" {n}"))
            .unwrap_or_default();
        let _ = writeln!(out, "  seat {seat}{name}: {hand}");
    }
    let what = match setup.contract() {
        Contract::Ramsch => "points of the player to move",
        Contract::Bettel { .. } => "declarer's tricks",
        Contract::Solo { tout: true, .. } => "declarer's tricks",
        _ => "declarers' points",
    };
    let _ = writeln!(out, "double-dummy value at the start: {} ({what})", a.start);
    for p in &a.plays {
        if p.index % 4 == 0 {
            let _ = writeln!(out, "trick {}", p.trick + 1);
        }
        let _ = write!(
            out,
            "  seat {} {:<3} {:>3} -> {:>3}",
            p.seat,
            p.card.to_string(),
            p.before,
            p.after
        );
        if p.cost > 0 {
            let best: Vec<String> = p.best.iter().map(|c| c.to_string()).collect();
            let _ = write!(out, "  cost {:>3}  best {}", p.cost, best.join(" "));
            if p.turned {
                out.push_str("  TURNED THE GAME");
            }
        }
        out.push('\n');
    }
    if let Some(score) = &a.result {
        let payouts: Vec<String> = score.payouts.iter().map(|p| format!("{p:+}")).collect();
        let outcome = match &score.outcome {
            Outcome::Declared {
                won,
                schneider,
                schwarz,
            } => {
                let mut s = if *won { "won" } else { "lost" }.to_string();
                if *schwarz {
                    s.push_str(", schwarz");
                } else if *schneider {
                    s.push_str(", schneider");
                }
                s
            }
            Outcome::Ramsch {
                loser, durchmarsch, ..
            } => match (loser, durchmarsch) {
                (_, Some(d)) => format!("Durchmarsch by seat {d}"),
                (Some(l), None) => format!("seat {l} loses"),
                _ => String::new(),
            },
        };
        let _ = writeln!(
            out,
            "result: points {:?}, {outcome}; payouts {}",
            score.points,
            payouts.join(" ")
        );
    }
    for p in &a.players {
        let _ = writeln!(
            out,
            "  seat {}: {} cards, {} mistakes, {} lost",
            p.seat, p.cards, p.mistakes, p.cost
        );
    }
    out
}

/// Per seat, every contract with its value, forced outcome and settlement, the best marked.
pub fn contracts(r: &ContractsReport) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", r.id.as_deref().unwrap_or("(no id)"));
    for seat in &r.seats {
        let _ = writeln!(out, "seat {}", seat.seat);
        let _ = writeln!(
            out,
            "  {:<30} {:>6} {:<6} {:<9} {:<7} {:>10}",
            "contract", "value", "won", "schneider", "schwarz", "settlement"
        );
        for c in &seat.contracts {
            let best = seat
                .best
                .as_ref()
                .and_then(|b| b.chosen())
                .is_some_and(|b| b.contract == c.contract);
            let unit = if c.measure == Measure::Tricks {
                "t"
            } else {
                ""
            };
            let yes = |b: bool| if b { "yes" } else { "" };
            let _ = writeln!(
                out,
                "  {:<30} {:>5}{:<1} {:<6} {:<9} {:<7} {:>10}{}",
                format!("{:#}", c.contract.title()),
                c.value.map_or("?".to_string(), |v| v.to_string()),
                unit,
                yes(c.won),
                yes(c.schneider),
                yes(c.schwarz),
                c.settlement,
                if best { "  <- best" } else { "" }
            );
        }
        if seat.best.as_ref().is_some_and(|b| b.chosen().is_none()) {
            let _ = writeln!(
                out,
                "  {:<30} {:>6} {:<6} {:<9} {:<7} {:>10}  <- best",
                "pass", "", "", "", "", 0
            );
        }
    }
    if let Some(all_pass) = &r.all_pass {
        let _ = writeln!(
            out,
            "if all pass, {}: seats settle {:?}",
            all_pass.game, all_pass.settlements
        );
    }
    if let Some(d) = &r.declared {
        let declarer = d
            .contract
            .declarer()
            .map(|s| s.to_string())
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "declared by seat {declarer}: {:#} for {}; the best would have paid {}",
            d.contract.title(),
            d.settlement,
            d.best_settlement
        );
    }
    out
}
