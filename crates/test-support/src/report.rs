//! A table of named cases as one text, as a snapshot holds it.

/// The report of `cases`, each a name and the two halves of a case (an
/// input and what is expected of it): each name on a line of its own, then
/// what `check` says of its case.
///
/// ```
/// let cases = [("one", 1, "1"), ("two", 2, "2")];
/// let report = polyfen_test_support::report(&cases, |n, written| format!("{}\n", n.to_string() == written));
/// assert_eq!(report, "one\ntrue\ntwo\ntrue\n");
/// ```
pub fn report<I: Copy, E: Copy>(cases: &[(&str, I, E)], mut check: impl FnMut(I, E) -> String) -> String {
    let mut report = String::new();
    for &(name, input, expected) in cases {
        report.push_str(name);
        report.push('\n');
        report.push_str(&check(input, expected));
    }
    report
}
