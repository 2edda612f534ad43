//! Spelling suggestions: where a name is not one the rules know, the known name it is
//! nearest to, if near enough to be a misspelling (`unknown game 'sauspeil'; did you mean
//! sauspiel?`). Below every other module: the rules' vocabulary and the record's reader
//! both ask it.

/// The valid name nearest to `given` (by edit distance, case ignored), if it is near enough
/// to be a misspelling: at most a third of its letters wrong, and at least two.
pub(crate) fn nearest<'a>(
    given: &str,
    names: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let given = given.to_lowercase();
    let limit = (given.chars().count() / 3).max(2);
    names
        .into_iter()
        .map(|n| (edit_distance(&given, &n.to_lowercase()), n))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, n)| n)
}

/// Levenshtein distance over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + (ca != *cb) as usize)
                .min(row[j] + 1)
                .min(above + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_names_are_suggested_only_when_near() {
        let names = ["sauspiel", "solo", "wenz", "bettel"];
        assert_eq!(nearest("sauspeil", names), Some("sauspiel"));
        assert_eq!(nearest("Wenz", names), Some("wenz"));
        assert_eq!(nearest("schieber", names), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
