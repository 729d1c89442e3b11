//! Generated catalogs of any size, for the benchmarks (`olm-graph bench --synthetic` and
//! `cargo bench -p olm-graph-core --bench layout`): one description of each [`Shape`], written
//! as FBC JSON ([`generate`], what the CLI's benchmark loads) or built as the model directly
//! ([`catalog`], what the layout benchmark draws without timing a load). Built with core's
//! `synthetic` feature only.
//!
//! Every shape (one package `p`, one channel `c`, versions `0.0.i`, `p.v0.0.i` replaces the one
//! before it, unless said otherwise):
//! - `chain`: nothing else;
//! - `ranges`: every 50th entry also has the skipRange `>=0.0.(i-100) <0.0.i`;
//! - `fans`: every 50th entry replaces the entry 11 before it and skips the 10 in between;
//! - `wide`: N/100 packages `p0000`, `p0001`, ... of 100 bundles shaped as `ranges`.

use std::fmt::Write as _;

use crate::model::{Bundle, Catalog, Channel, ChannelEntry, Package};
use crate::semver::Version;
use crate::sort::SortWith;

/// A generated catalog's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Shape {
    /// A `replaces` chain.
    Chain,
    /// The chain with a skipRange on every 50th entry over the 100 before it.
    Ranges,
    /// The chain with every 50th entry replacing the one 11 before and skipping the 10 between.
    Fans,
    /// Many packages of 100 bundles shaped as `Ranges`.
    Wide,
}

/// A generated catalog as FBC JSON, and the package the per-package operations look at.
#[derive(Debug, Clone)]
pub struct Generated {
    /// One JSON object per line.
    pub text: String,
    /// `p`, or the middle package of [`Shape::Wide`].
    pub package: String,
}

/// The entries of one package's channel `c`: `n` bundles of `pkg` shaped as `shape`.
///
/// # Complexity
/// O(n).
pub fn entries(pkg: &str, n: usize, shape: Shape) -> Vec<ChannelEntry> {
    let name = |i: usize| format!("{pkg}.v0.0.{i}");
    (0..n)
        .map(|i| {
            let fan = shape == Shape::Fans && i >= 50 && i % 50 == 0;
            let replaces = if fan {
                Some(name(i - 11))
            } else {
                (i > 0).then(|| name(i - 1))
            };
            let ranged = matches!(shape, Shape::Ranges | Shape::Wide) && i > 0 && i % 50 == 0;
            ChannelEntry {
                name: name(i),
                replaces,
                skips: if fan {
                    (i - 10..i).map(name).collect()
                } else {
                    Vec::new()
                },
                skip_range: ranged.then(|| format!(">=0.0.{} <0.0.{i}", i.saturating_sub(100))),
            }
        })
        .collect()
}

/// One package's objects as JSON, one a line: the package, its channel `c`, its bundles.
///
/// # Complexity
/// O(n).
fn write_package(out: &mut String, pkg: &str, n: usize, shape: Shape) {
    let _ = writeln!(
        out,
        r#"{{"schema":"olm.package","name":"{pkg}","defaultChannel":"c"}}"#
    );
    let _ = write!(
        out,
        r#"{{"schema":"olm.channel","package":"{pkg}","name":"c","entries":"#
    );
    out.push_str(&serde_json::to_string(&entries(pkg, n, shape)).unwrap_or_default());
    out.push_str("}\n");
    for i in 0..n {
        let _ = writeln!(
            out,
            r#"{{"schema":"olm.bundle","package":"{pkg}","name":"{pkg}.v0.0.{i}","image":"quay.io/bench/{pkg}:{i}","properties":[{{"type":"olm.package","value":{{"packageName":"{pkg}","version":"0.0.{i}"}}}}]}}"#
        );
    }
}

/// The catalog of `shape` with `n` bundles as FBC JSON; `trimmed` leaves out the newest ones
/// (the catalog a `diff` starts from): a tenth of them up to 1,000, or for [`Shape::Wide`] each
/// package's newest 10.
///
/// # Complexity
/// O(n).
pub fn generate(shape: Shape, n: usize, trimmed: bool) -> Generated {
    let mut text = String::with_capacity(n * 260);
    if shape == Shape::Wide {
        let packages = (n / 100).max(1);
        let per_package = if trimmed { 90 } else { 100 };
        for k in 0..packages {
            write_package(&mut text, &format!("p{k:04}"), per_package, shape);
        }
        let package = format!("p{:04}", packages / 2);
        return Generated { text, package };
    }
    let cut = if trimmed { (n / 10).min(1000) } else { 0 };
    write_package(&mut text, "p", n - cut, shape);
    Generated {
        text,
        package: "p".into(),
    }
}

/// The one-package catalog of `shape` (not [`Shape::Wide`]) with `n` bundles, built as the
/// model directly: what loading [`generate`]'s text gives, less what the benchmarks of
/// drawing do not read (images, properties).
///
/// # Complexity
/// O(n log n).
pub fn catalog(shape: Shape, n: usize) -> Catalog {
    let mut bundles: Vec<Bundle> = (0..n)
        .map(|i| Bundle {
            name: format!("p.v0.0.{i}"),
            package: "p".into(),
            version_text: Some(format!("0.0.{i}")),
            version: Some(Version::new(0, 0, i as u64)),
            package_property_count: 1,
            ..Bundle::default()
        })
        .collect();
    bundles.sort_with(|a, b| a.name.cmp(&b.name));
    let package = Package {
        name: "p".into(),
        declared: true,
        default_channel: Some("c".into()),
        channels: vec![Channel {
            name: "c".into(),
            package: "p".into(),
            entries: entries("p", n, shape),
            location: None,
        }],
        bundles,
        ..Package::default()
    };
    Catalog {
        packages: vec![package],
        ..Catalog::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_and_the_model_are_one_catalog() {
        for shape in [Shape::Chain, Shape::Ranges, Shape::Fans] {
            let g = generate(shape, 120, false);
            let loaded = crate::load_files(vec![crate::InputFile::new("g.json", g.text)]);
            assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
            let built = catalog(shape, 120);
            let (a, b) = (&loaded.packages[0], &built.packages[0]);
            assert_eq!(a.channels[0].entries, b.channels[0].entries, "{shape:?}");
            let names = |p: &Package| p.bundles.iter().map(|b| b.name.clone()).collect::<Vec<_>>();
            assert_eq!(names(a), names(b));
        }
        let fans = entries("p", 101, Shape::Fans);
        assert_eq!(fans[100].replaces.as_deref(), Some("p.v0.0.89"));
        assert_eq!(fans[100].skips.len(), 10);
        let ranges = entries("p", 101, Shape::Ranges);
        assert_eq!(ranges[100].skip_range.as_deref(), Some(">=0.0.0 <0.0.100"));
    }
}
