//! OpenShift versions: the local table that stands for the pipeline's OpenShift-versions
//! service, and the `com.redhat.openshift.versions` annotation read against it
//! (spec/preflight.md §10).

pub use crate::openshift::OpenShiftVersion as OpenShift;

/// `(major, minor)` as a table entry.
const fn v(major: u64, minor: u64) -> OpenShift {
    OpenShift::new(major, minor)
}

/// The OpenShift versions that have operator indexes, oldest first: 4.12 to 4.21, the versions
/// of `../shared/catalogs/community-operators-prod` as of 2026-11-28 (spec/preflight.md §10.1).
pub const VERSIONS: &[OpenShift] = &[
    v(4, 12),
    v(4, 13),
    v(4, 14),
    v(4, 15),
    v(4, 16),
    v(4, 17),
    v(4, 18),
    v(4, 19),
    v(4, 20),
    v(4, 21),
];

/// The table's versions, up to `newest` when given (`--ocp`; a newer one extends the table by
/// the minor versions up to it).
///
/// # Complexity
/// O(V) for V versions.
pub fn table(newest: Option<OpenShift>) -> Vec<OpenShift> {
    let mut out: Vec<OpenShift> = VERSIONS.to_vec();
    if let Some(top) = newest {
        out.retain(|v| *v <= top);
        let last = out.last().copied().unwrap_or(v(top.major, 0));
        if last.major == top.major {
            out.extend((last.minor + 1..=top.minor).map(|m| v(top.major, m)));
        } else if out.is_empty() {
            out.push(top);
        }
    }
    out
}

/// The versions of `table` an annotation value selects, as the pipeline's service answers
/// (spec/preflight.md §10.2): none given, all; `=vX.Y` that one; `vX.Y-vA.B` the range;
/// `vX.Y` that one and later; a comma-separated list its lowest version and later; anything
/// else none.
///
/// # Complexity
/// O(V) for V versions.
pub fn selected(annotation: Option<&str>, table: &[OpenShift]) -> Vec<OpenShift> {
    let Some(value) = annotation.map(str::trim).filter(|s| !s.is_empty()) else {
        return table.to_vec();
    };
    let pick = |lo: OpenShift, hi: Option<OpenShift>| -> Vec<OpenShift> {
        table
            .iter()
            .copied()
            .filter(|v| *v >= lo && hi.is_none_or(|h| *v <= h))
            .collect()
    };
    if let Some(only) = value.strip_prefix('=') {
        return OpenShift::parse(only).map_or_else(Vec::new, |v| pick(v, Some(v)));
    }
    if let Some((lo, hi)) = value.split_once('-') {
        return match (OpenShift::parse(lo), OpenShift::parse(hi)) {
            (Some(lo), Some(hi)) => pick(lo, Some(hi)),
            _ => Vec::new(),
        };
    }
    if value.contains(',') {
        let all: Option<Vec<OpenShift>> = value.split(',').map(OpenShift::parse).collect();
        return match all.and_then(|v| v.into_iter().min()) {
            Some(lo) => pick(lo, None),
            None => Vec::new(),
        };
    }
    OpenShift::parse(value).map_or_else(Vec::new, |v| pick(v, None))
}

/// How the service names a version: `v4.17`.
pub fn label(v: OpenShift) -> String {
    v.label()
}
