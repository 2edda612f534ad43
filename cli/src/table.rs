//! Human-readable tables for `analyze` and `contracts` (`--format table`), their cards and
//! suits written in the pack asked for: cards by [`solver::Card::text`], and what holds
//! cards (a contract's name, a costly card's why) by the edge function [`Pack::text`].

use solver::{
    advice::{Advice, Severities},
    analysis::{AnalysisView, PlayAnalysis, PlayerSummary, SingleDummy},
    odds::HandOdds,
    valuation::SeatContracts,
    Analysis, Card, Contract, ContractsReport, Game, Measure, Outcome, Pack, Score, Seat,
};
use std::fmt::Write;

fn seats_text(seats: &[u8]) -> String {
    seats
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" and ")
}

/// The four hands, each trick card by card with its value before and after, the best cards
/// and the cost marked, then the result and each player's summary: a writer per section.
pub fn analysis(game: &Game, a: &Analysis, pack: Pack) -> String {
    let mut out = String::new();
    deal_section(&mut out, game, a, pack);
    let players = a.view == AnalysisView::Players;
    if players {
        single_dummy_header(&mut out, a);
    }
    for p in &a.plays {
        if p.index % 4 == 0 {
            let _ = writeln!(out, "trick {}", p.trick + 1);
        }
        let mut line = double_dummy_cells(p, pack);
        if let Some(sd) = p.single_dummy.as_ref().filter(|_| players) {
            single_dummy_cells(&mut line, p, sd, pack);
        }
        out.push_str(&line);
        out.push('\n');
        if let Some(l) = &p.lines {
            let _ = writeln!(out, "      {}", pack.text(&l.why));
            let _ = writeln!(out, "      best line:   {}", cards_text(&l.best, pack));
            let _ = writeln!(out, "      played line: {}", cards_text(&l.played, pack));
        }
    }
    if let Some(score) = &a.result {
        let payouts: Vec<String> = score.payouts.iter().map(|p| format!("{p:+}")).collect();
        let _ = writeln!(
            out,
            "result: points {:?}, {}; payouts {}",
            score.points,
            outcome_text(score),
            payouts.join(" ")
        );
    }
    for p in &a.players {
        player_line(&mut out, p);
    }
    out
}

/// The game's title, the hands as dealt and the value at the start.
fn deal_section(out: &mut String, game: &Game, a: &Analysis, pack: Pack) {
    let setup = game.setup();
    let declarers: Vec<u8> = setup.declarers().iter().map(|s| s as u8).collect();
    let _ = write!(out, "{}", a.id.as_deref().unwrap_or("(no id)"));
    let _ = write!(out, ": {}", pack.text(&setup.contract().in_words()));
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
        let _ = writeln!(
            out,
            "  seat {seat}{name}: {}",
            sorted(game.order(), *hand, pack)
        );
    }
    let what = match setup.contract() {
        Contract::Ramsch => "settlement of the player to move",
        Contract::SchellenSchafkopf => "tricks of the player to move",
        Contract::Bettel { .. } => "declarer's tricks",
        Contract::Solo { tout: true, .. } => "declarer's tricks",
        _ => "declarers' points",
    };
    let opening = a.plays.first().is_some_and(|p| p.opening);
    let start = match (a.start, a.plays.first().and_then(|p| p.bounds)) {
        (Some(v), _) => v.to_string(),
        (None, _) if opening => "none, the sides not yet known".to_string(),
        (None, Some(b)) => format!("{}..{} (out of budget)", b.value[0], b.value[1]),
        (None, None) => "out of budget".to_string(),
    };
    let _ = writeln!(out, "double-dummy value at the start: {start} ({what})");
}

/// What the single-dummy column holds, and the two columns' heads.
fn single_dummy_header(out: &mut String, a: &Analysis) {
    let _ = writeln!(
        out,
        "single dummy: each card over up to {} worlds its player could not tell apart \
         (seed {}, {}); a severity where the interval of the money lost (about 95%) \
         settles it, else unsettled",
        a.samples.unwrap_or_default(),
        a.seed.unwrap_or_default(),
        match a.inference {
            Some("none") => "every world alike",
            _ => "as likely as the auction makes them",
        }
    );
    // The expectations in the measure where each card's exact values were asked.
    let exact = a.plays.iter().any(|p| {
        p.single_dummy
            .as_ref()
            .is_some_and(|s| s.expected.is_some())
    });
    let _ = writeln!(
        out,
        "  {:<62}| single dummy: {}worlds (a card set aside: its own/all), win, paid \
         of the best's, money lost, best",
        "double dummy: before -> after, cost, best, severity",
        if exact {
            "expected of the best's, "
        } else {
            ""
        }
    );
}

/// A card's double-dummy columns: its seat and face, the value before and after (or what
/// was proved, out of budget), and where it cost anything the cost, the best cards and its
/// severity.
fn double_dummy_cells(p: &PlayAnalysis, pack: Pack) -> String {
    let mut line = match (p.before, p.after, p.bounds) {
        _ if p.opening => format!(
            "  seat {} {:<3} (before the solo was announced: not judged)",
            p.seat,
            p.card.text(pack)
        ),
        (Some(before), Some(after), _) => format!(
            "  seat {} {:<3} {:>3} -> {:>3}",
            p.seat,
            p.card.text(pack),
            before,
            after
        ),
        // Out of the question's node budget: what it proved, marked.
        (_, _, bounds) => {
            let range = |b: Option<[i64; 2]>| match b {
                Some([low, high]) if low == high => low.to_string(),
                Some([low, high]) => format!("{low}..{high}"),
                None => "?".to_string(),
            };
            format!(
                "  seat {} {:<3} {} -> {}  OUT OF BUDGET",
                p.seat,
                p.card.text(pack),
                range(bounds.map(|b| b.value)),
                range(bounds.and_then(|b| b.after))
            )
        }
    };
    if let Some(cost) = p.cost.filter(|&c| c > 0) {
        let _ = write!(
            line,
            "  cost {:>3}  best {}",
            cost,
            cards_text(&p.best, pack)
        );
        if let Some(advice) = p.advice {
            let _ = write!(line, "  {}", advice_word(advice));
        }
        if p.turned == Some(true) {
            line.push_str(": TURNED THE GAME");
        }
    }
    line
}

/// A card's single-dummy columns after its double-dummy ones (padded to one width): the
/// worlds, the chance to win and, for a card not among the best, what it was paid against
/// the best, the interval of its loss and its severity (or the classes left open).
fn single_dummy_cells(line: &mut String, p: &PlayAnalysis, sd: &SingleDummy, pack: Pack) {
    let width: usize = 64;
    let pad = width.saturating_sub(line.len()).max(1);
    line.push_str(&" ".repeat(pad));
    if sd.worlds == 0 {
        line.push_str("| only card");
        return;
    }
    line.push('|');
    if let Some(expected) = sd.expected {
        let best = sd.best_expected.unwrap_or(expected);
        let _ = write!(line, " {expected:>6.1} of {best:>6.1}");
    }
    // A card set aside before the last look: the worlds it was judged in.
    let _ = match sd.card_worlds {
        Some(n) => write!(line, " over {n:>3}/{}", sd.worlds),
        None => write!(line, " over {:>3}", sd.worlds),
    };
    if sd.exhaustive {
        line.push_str(" (all)");
    }
    if let Some(win) = sd.win {
        let _ = write!(line, "  win {:>3.0}%", win * 100.0);
    }
    // A card that is not among the best: what it is paid against the best (or in
    // Schellen-Schafkopf what it gives away), its severity.
    if sd.best.contains(&p.card) && sd.advice.is_none() && !sd.unsettled {
        return;
    }
    match (sd.settlement, sd.best_settlement, sd.cost) {
        (Some(paid), Some(top), _) => {
            let _ = write!(line, "  paid {paid:+.1} of {top:+.1}");
        }
        (_, _, Some(cost)) => {
            let _ = write!(line, "  cost {cost:.1}");
        }
        _ => {}
    }
    match sd.loss_interval {
        Some([low, high]) => write!(line, " lost {low:.1}..{high:.1}"),
        None => write!(line, " ±{:.1}", sd.margin),
    }
    .unwrap_or(());
    if let Some(advice) = sd.advice {
        let _ = write!(line, " {}", advice_word(advice));
    }
    if let Some([low, high]) = sd.between {
        let word = |a: Option<Advice>| a.map_or("none", advice_word);
        let _ = write!(line, " UNSETTLED ({}..{})", word(low), word(high));
    }
    let _ = write!(line, "  best {}", cards_text(&sd.best, pack));
}

/// The outcome of a score in words: won or lost (schneider, schwarz), a Ramsch's losers, the
/// tricks of a plain-trick game, and a revoke that decided it.
fn outcome_text(score: &Score) -> String {
    let outcome = match &score.outcome {
        Outcome::ThrownIn { .. } => "thrown in".to_string(),
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
            payers,
            durchmarsch,
            ..
        } => match (payers.as_slice(), durchmarsch) {
            (_, Some(d)) => format!("Durchmarsch by seat {d}"),
            ([l], None) => format!("seat {l} loses"),
            ([l, second], None) => format!("seats {l} and {second} lose"),
            _ => String::new(),
        },
        Outcome::PlainTrick { most_tricks } if most_tricks.is_empty() => {
            format!("tricks {:?}, all alike", score.tricks)
        }
        Outcome::PlainTrick { most_tricks } => {
            let seats: Vec<u8> = most_tricks.iter().map(|s| s.index() as u8).collect();
            format!(
                "tricks {:?}, most: seat {}",
                score.tricks,
                seats_text(&seats)
            )
        }
    };
    match &score.revoke {
        Some(r) => format!("{outcome} by a revoke: {r}"),
        None => outcome,
    }
}

/// A seat's summary: its cards, severities, cost and money lost, double and single dummy.
fn player_line(out: &mut String, p: &PlayerSummary) {
    let _ = write!(
        out,
        "  seat {}: {}, {}, cost {}",
        p.seat,
        count(p.cards as u64, "card", "cards"),
        severities(&p.advice),
        p.cost
    );
    if let Some(loss) = p.loss {
        let _ = write!(out, ", money lost {loss}");
    }
    if let Some(sd) = &p.single_dummy {
        let _ = write!(
            out,
            "; single dummy: {}, {}, {} unsettled",
            count(sd.decisions as u64, "choice", "choices"),
            severities(&sd.advice),
            sd.unsettled,
        );
        if let Some(cost) = sd.cost {
            let _ = write!(out, ", cost {cost:.1}");
        }
        let _ = write!(out, ", money lost {:.1}", sd.loss);
    }
    out.push('\n');
}

/// Every contract's odds over the deals judged, and the best choice.
pub fn odds(o: &HandOdds, pack: Pack) -> String {
    let mut out = String::new();
    let hand: Vec<String> = o.hand.into_iter().map(|c| c.text(pack)).collect();
    let _ = writeln!(
        out,
        "{}: seat {} holding {}, {} deals of the other hands (seed {}, {})",
        o.id.as_deref().unwrap_or("(no id)"),
        o.seat,
        hand.join(" "),
        o.samples,
        o.seed,
        match o.inference {
            "none" => "every deal alike",
            _ => "as likely as the calls before him make them",
        }
    );
    let _ = writeln!(
        out,
        "  {:<30} {:>5} {:>6} {:>9} {:>7} {:>9}  95% interval",
        "contract", "deals", "won", "schneider", "schwarz", "expected"
    );
    for c in &o.contracts {
        let pct = |x: f64| format!("{:.1}%", x * 100.0);
        let _ = write!(
            out,
            "  {:<30} {:>5} {:>6} {:>9} {:>7} {:>+9.2}  {:+.2} to {:+.2}",
            pack.text(&c.contract.in_words()),
            c.samples,
            pct(c.won),
            pct(c.schneider),
            pct(c.schwarz),
            c.settlement.mean,
            c.settlement.low,
            c.settlement.high
        );
        if c.stopped.is_some() {
            out.push_str("  (stopped early)");
        }
        out.push('\n');
    }
    match &o.best.contract {
        Some(c) => {
            let _ = writeln!(
                out,
                "best: {}, expected {:+.2}",
                pack.text(&c.in_words()),
                o.best.settlement
            );
        }
        None => {
            let _ = writeln!(out, "best: pass (every contract expects to lose money)");
        }
    }
    out
}

/// Per seat, every contract with its value, forced outcome and settlement, the best marked.
pub fn contracts(r: &ContractsReport, all: bool, pack: Pack) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", r.id.as_deref().unwrap_or("(no id)"));
    // The verdict first: the declared contract against its declarer's best.
    if let Some(d) = &r.declared {
        let declarer = d
            .contract
            .declarer()
            .map(|s| s.to_string())
            .unwrap_or_default();
        let verdict = match d.settlement.cmp(&d.best_settlement) {
            std::cmp::Ordering::Less => "his best would have paid",
            _ => "his best choice, paying",
        };
        let _ = writeln!(
            out,
            "declared by seat {declarer}: {}, {} double dummy, settling {}; {verdict} {}",
            contract_text(&d.contract, pack),
            if d.won { "won" } else { "lost" },
            d.settlement,
            d.best_settlement
        );
    }
    for seat in &r.seats {
        seat_section(&mut out, r, seat, all, pack);
    }
    if let Some(all_pass) = &r.all_pass {
        let when = match all_pass.every_hand {
            true => "every hand (Bierkopf)",
            false => "if all pass",
        };
        let _ = writeln!(
            out,
            "{when}, {}: seats settle {:?}",
            all_pass.game, all_pass.settlements
        );
    }
    for u in r
        .unsettled
        .iter()
        .filter(|u| u.contract == Contract::Ramsch)
    {
        let [low, high] = u.bounds;
        let _ = writeln!(
            out,
            "if all pass, ramsch: seat {} settles {low}..{high} (out of the node budget)",
            u.seat
        );
    }
    out
}

/// One seat's contracts: the best three by settlement (all with `all`; the chosen and the
/// declared always), passing where it is best, and those out of the node budget.
fn seat_section(
    out: &mut String,
    r: &ContractsReport,
    seat: &SeatContracts,
    all: bool,
    pack: Pack,
) {
    let _ = writeln!(out, "seat {}", seat.seat);
    if seat.contracts.is_empty() {
        let _ = writeln!(out, "  no choice");
        return;
    }
    let _ = writeln!(
        out,
        "  {:<44} {:>6} {:<6} {:<9} {:<7} {:>10}",
        "contract", "value", "won", "schneider", "schwarz", "settlement"
    );
    let chosen = seat.best.as_ref().and_then(|b| b.chosen());
    let declared = r.declared.as_ref().map(|d| d.contract);
    let mut ranked: Vec<_> = seat.contracts.iter().collect();
    ranked.sort_by_key(|c| std::cmp::Reverse(c.settlement));
    let shown: Vec<_> = ranked
        .iter()
        .enumerate()
        .filter(|(i, c)| {
            all || *i < 3
                || chosen.is_some_and(|b| b.contract == c.contract)
                || declared == Some(c.contract)
        })
        .map(|(_, c)| *c)
        .collect();
    for c in &shown {
        let best = chosen.is_some_and(|b| b.contract == c.contract);
        let yes = |b: bool| if b { "yes" } else { "" };
        let _ = writeln!(
            out,
            "  {:<44} {:>5}{:<1} {:<6} {:<9} {:<7} {:>10}{}",
            contract_text(&c.contract, pack),
            c.value.map_or("?".to_string(), |v| v.to_string()),
            unit_of(c.measure),
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
            "  {:<44} {:>6} {:<6} {:<9} {:<7} {:>10}  <- best",
            "pass", "", "", "", "", 0
        );
    }
    let more = seat.contracts.len() - shown.len();
    if more > 0 {
        let more = count(more as u64, "more contract", "more contracts");
        let _ = writeln!(out, "  ({more}; --all lists them)");
    }
    out_of_budget_rows(out, r, seat.seat, all, pack);
}

/// A seat's contracts out of the node budget: what their questions proved (three of them
/// unless `all`).
fn out_of_budget_rows(out: &mut String, r: &ContractsReport, seat: Seat, all: bool, pack: Pack) {
    let out_of_budget: Vec<_> = r
        .unsettled
        .iter()
        .filter(|u| u.seat == seat && u.contract != Contract::Ramsch)
        .collect();
    if out_of_budget.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "  out of the node budget ({}; best chosen among the others):",
        count(out_of_budget.len() as u64, "contract", "contracts")
    );
    for u in out_of_budget.iter().take(if all { usize::MAX } else { 3 }) {
        let [low, high] = u.bounds;
        let text = contract_text(&u.contract, pack);
        let _ = writeln!(out, "    {text:<42} {low}..{high}{}", unit_of(u.measure));
    }
    if !all && out_of_budget.len() > 3 {
        let _ = writeln!(out, "    (--all lists them all)");
    }
}

/// The unit a value is written with: `t` for tricks, none for points.
fn unit_of(measure: Measure) -> &'static str {
    match measure {
        Measure::Tricks => "t",
        _ => "",
    }
}

/// A contract in players' words, with a Hochzeit's partner and the cards exchanged:
/// `hochzeit with seat 2 (takes H7, gives E7)`.
fn contract_text(c: &Contract, pack: Pack) -> String {
    let words = pack.text(&c.in_words());
    match *c {
        Contract::Hochzeit {
            partner,
            given,
            returned,
            ..
        } => format!(
            "{words} with seat {partner} (takes {}, gives {})",
            given.text(pack),
            returned.text(pack)
        ),
        _ => words,
    }
}

/// `n` and the noun for it: `1 mistake`, `2 mistakes`.
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A severity as the table marks it.
fn advice_word(advice: Advice) -> &'static str {
    match advice {
        Advice::Inaccuracy => "INACCURACY",
        Advice::Mistake => "MISTAKE",
        Advice::Blunder => "BLUNDER",
    }
}

/// A seat's cards by severity: `1 inaccuracy, 0 mistakes, 2 blunders`.
fn severities(s: &Severities) -> String {
    format!(
        "{}, {}, {}",
        count(s.inaccuracies as u64, "inaccuracy", "inaccuracies"),
        count(s.mistakes as u64, "mistake", "mistakes"),
        count(s.blunders as u64, "blunder", "blunders")
    )
}

/// A hand as a player sorts it for the contract: trumps first, then suit by suit.
fn sorted(order: &solver::rules::Order, hand: solver::Cards, pack: Pack) -> String {
    cards_text(&order.sorted(hand), pack)
}

/// Cards in `pack`, in the order given.
fn cards_text(cards: &[Card], pack: Pack) -> String {
    let texts: Vec<String> = cards.iter().map(|c| c.text(pack)).collect();
    texts.join(" ")
}
