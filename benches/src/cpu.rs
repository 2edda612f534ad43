//! The CPU time this process has used, all threads together: the figure a shared machine
//! keeps (wall time there follows the neighbours' load).

/// Seconds of CPU (user and system) this process has used, from `/proc/self/stat` (Linux;
/// 0 elsewhere, where the file is missing).
pub fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // The command name (field 2) is in parentheses and may hold spaces: the fields after
    // it start past the last ')'. utime and stime are fields 14 and 15, in clock ticks.
    let Some(rest) = stat.rfind(')').map(|i| &stat[i + 1..]) else {
        return 0.0;
    };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    // Fields from the state (field 3) on: utime is the 12th of them, stime the 13th.
    (ticks(11) + ticks(12)) as f64 / TICKS_PER_SECOND
}

/// The kernel's clock ticks per second for these counters (`USER_HZ`, 100 on every Linux
/// architecture the project builds for).
const TICKS_PER_SECOND: f64 = 100.0;
