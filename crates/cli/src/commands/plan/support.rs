//! `plan`'s support questions (`--lifecycle`, `--as-of`, `--platform`, `--prefer supported`):
//! the lifecycle blobs read, the route planned with them, and each stop's facts.

use std::fmt::Write as _;

use olm_graph_core::infer::bundle_version;
use olm_graph_core::model::{Catalog, Package};
use olm_graph_core::plan::{
    plan_route_supported, plan_support, Plan, PlanError, PlanOptions, Preference, StopSupport,
    Target,
};
use olm_graph_core::support::{AsOf, LifecycleBlob, PackageLifecycle};
use serde::Serialize;

use crate::args::PlanSupportArgs;
use crate::clock::today;
use crate::error::CliError;
use crate::input::load;
use crate::output::or_dash;

/// The lifecycle data and question of one `plan`.
pub struct PlanSupport {
    prefer: Preference,
    asked: bool,
    as_of: AsOf,
    blobs: Vec<LifecycleBlob>,
}

impl PlanSupport {
    /// The blobs of `catalogs` and of the `--lifecycle` paths.
    pub fn read(
        args: &PlanSupportArgs,
        prefer: Preference,
        catalogs: &[&Catalog],
    ) -> Result<PlanSupport, CliError> {
        let mut blobs: Vec<LifecycleBlob> = catalogs
            .iter()
            .flat_map(|c| c.lifecycles.iter().cloned())
            .collect();
        if !args.lifecycle.is_empty() {
            blobs.extend(load(&args.lifecycle)?.lifecycles);
        }
        Ok(PlanSupport {
            prefer,
            asked: args.asked(prefer),
            as_of: AsOf {
                date: args.as_of.unwrap_or_else(today),
                platform: args.platform.clone(),
            },
            blobs,
        })
    }

    /// The route (under `--prefer supported`, [`plan_route_supported`]) and its stops' facts
    /// (none when nothing was asked).
    pub fn plan(
        &self,
        pkg: &Package,
        from: &str,
        target: &Target,
        options: &PlanOptions,
        route: fn(&Package, &str, &Target, &PlanOptions) -> Result<Plan, PlanError>,
    ) -> Result<(Plan, Vec<StopSupport>), CliError> {
        let lifecycle = PackageLifecycle::of(&self.blobs, &pkg.name);
        let request = |e: PlanError| CliError::Request(e.to_string());
        if self.prefer == Preference::Supported {
            return plan_route_supported(pkg, from, target, options, &lifecycle, &self.as_of)
                .map_err(request);
        }
        let plan = route(pkg, from, target, options).map_err(request)?;
        if !self.asked {
            return Ok((plan, Vec::new()));
        }
        let version_of = |_: Option<&str>, b: &str| bundle_version(pkg, b).map(|v| v.0);
        let support = plan_support(&plan, &lifecycle, &self.as_of, &version_of);
        Ok((plan, support))
    }

    /// The facts of a series plan's stops, each bundle's version read in its platform's
    /// catalog.
    pub fn series(&self, plan: &Plan, catalogs: &[(String, Catalog)]) -> Vec<StopSupport> {
        if !self.asked {
            return Vec::new();
        }
        let lifecycle = PackageLifecycle::of(&self.blobs, &plan.package);
        let version_of = |platform: Option<&str>, b: &str| {
            let (_, c) = catalogs
                .iter()
                .find(|(l, _)| Some(l.as_str()) == platform)?;
            bundle_version(c.package(&plan.package)?, b).map(|v| v.0)
        };
        plan_support(plan, &lifecycle, &self.as_of, &version_of)
    }
}

/// A plan document with `support` after its own fields (when asked).
#[derive(Serialize)]
pub struct WithSupport<'a, D: Serialize> {
    #[serde(flatten)]
    doc: &'a D,
    #[serde(skip_serializing_if = "Option::is_none")]
    support: Option<&'a [StopSupport]>,
}

/// The plan document with `support` added (when asked).
pub fn with_support<'a, D: Serialize>(
    doc: &'a D,
    support: Option<&'a [StopSupport]>,
) -> WithSupport<'a, D> {
    WithSupport { doc, support }
}

/// The stops' facts as text lines under a plan.
pub fn support_text(support: &[StopSupport]) -> String {
    let mut out = String::from("  support:\n");
    if support.is_empty() {
        out += "    (no route)\n";
    }
    for s in support {
        let f = &s.facts;
        let phase = match (&f.phase, f.phase_ends) {
            (Some(p), Some(end)) => format!("{p} until {end}"),
            (Some(p), None) => p.clone(),
            (None, _) => "no phase".to_string(),
        };
        let on = |platform: &Option<String>, c: Option<bool>| match (platform, c) {
            (Some(p), Some(true)) => format!(", runs on {p}"),
            (Some(p), Some(false)) => format!(", NOT listed for {p}"),
            (Some(p), None) => format!(", no data for {p}"),
            (None, _) => String::new(),
        };
        let _ = writeln!(
            out,
            "    {}. {} {} (stream {}): {phase}{}{}{}",
            s.step,
            s.role,
            f.bundle,
            or_dash(f.stream.as_deref()),
            on(&s.platform, f.compatible),
            on(&s.next_platform, s.compatible_with_next),
            if s.unsupported() {
                "  [unsupported]"
            } else {
                ""
            },
        );
    }
    out
}
