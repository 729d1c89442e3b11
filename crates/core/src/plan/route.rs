//! Cutting a found route into steps, and checking a route by replaying it with the resolver.

use super::search::{Found, State, StateGraph};
use super::{Plan, PlanError, PlanHop, PlanOptions, PlanStep, Target};
use crate::model::Package;
use crate::resolve::{HopResolver, PathOptions, Reason};

/// The states of the route to `end`, first to last.
fn states(found: &Found, end: State) -> Vec<State> {
    let mut out = vec![end];
    let mut s = end;
    while let Some(p) = found.prev[s] {
        out.push(p);
        s = p;
    }
    out.reverse();
    out
}

fn labels(via: &[Reason]) -> String {
    if via.is_empty() {
        return "SelfCertified: any bundle of the channel".to_string();
    }
    crate::resolve::via_label(via)
}

/// What the channel of state `s` does next, in words.
fn goes_on(graph: &StateGraph, s: State) -> String {
    match (graph.next(s), graph.error(s)) {
        (Some((to, _)), _) => format!("would go on to {}", graph.bundle_name(to)),
        (None, Some(e)) => format!("fails to resolve ({e})"),
        (None, None) => "ends here".to_string(),
    }
}

/// The route to `end` as steps, each hold and switch with its reason.
///
/// # Complexity
/// O(L + C) for a route of L states over C channels.
pub(super) fn steps(
    graph: &StateGraph,
    found: &Found,
    end: State,
    target: &Target,
) -> Vec<PlanStep> {
    let route = states(found, end);
    let first = route[0];
    let first_channel = graph.channel_name(graph.channel_of(first));
    let from = graph.name(first);
    let subscribed = graph.options.channel.is_some()
        || graph.options.channels.is_some()
        || graph.lists(graph.channel_of(first), from);
    let mut steps = vec![PlanStep {
        platform: None,
        channel: first_channel.to_string(),
        channels: graph.channel_set(graph.channel_of(first)),
        hops: Vec::new(),
        stop: None,
        stop_reason: None,
        switch_reason: (!subscribed).then(|| format!("{from} is not an entry of any channel it could stay in: subscribe to channel {first_channel}")),
    }];
    for pair in route.windows(2) {
        let (s, t) = (pair[0], pair[1]);
        let Some(step) = steps.last_mut() else {
            continue;
        };
        if graph.bundle_of(s) == graph.bundle_of(t) {
            let next = switch(graph, step, s, t);
            steps.push(next);
        } else {
            let via = graph.next(s).map(|(_, v)| v.to_vec()).unwrap_or_default();
            step.hops.push(PlanHop {
                from: graph.name(s).to_string(),
                to: graph.name(t).to_string(),
                via,
                catalog: graph.catalog(s).map(str::to_string),
            });
        }
    }
    if let (Some(step), Some((to, _))) = (steps.last_mut(), graph.next(end)) {
        step.stop = Some(graph.name(end).to_string());
        step.stop_reason = Some(format!(
            "{} is the target ({}); channel {} would go on to {}",
            graph.name(end),
            target.label(),
            step.channel,
            graph.bundle_name(to)
        ));
    }
    // A step without hops before another is only the channel the route leaves at once.
    let last = steps.len().saturating_sub(1);
    let mut i = 0;
    steps.retain(|s| {
        i += 1;
        !s.hops.is_empty() || i - 1 == last
    });
    steps
}

/// A switch from state `s` to state `t` (same bundle, another channel): holds the current step
/// where its channel would go on, and opens the next step with the switch's reason.
fn switch(graph: &StateGraph, step: &mut PlanStep, s: State, t: State) -> PlanStep {
    let at = graph.name(s);
    let (old, new) = (
        graph.channel_name(graph.channel_of(s)),
        graph.channel_name(graph.channel_of(t)),
    );
    if graph.next(s).is_some() {
        step.stop = Some(at.to_string());
        step.stop_reason = Some(format!(
            "channel {old} {}, but the route leaves it here for channel {new}",
            goes_on(graph, s)
        ));
    }
    let why = match graph.next(t) {
        Some((to, via)) => format!(
            "at {at}, channel {old} {}; channel {new} upgrades {at} to {} ({})",
            goes_on(graph, s),
            graph.bundle_name(to),
            labels(via)
        ),
        None => format!("the target is the head of channel {new}: subscribe to it on {at}"),
    };
    PlanStep {
        platform: None,
        channel: new.to_string(),
        channels: graph.channel_set(graph.channel_of(t)),
        hops: Vec::new(),
        stop: None,
        stop_reason: None,
        switch_reason: Some(why),
    }
}

/// Checks `plan` by replaying it: for every step, the resolver in the step's channel, from
/// where the previous step ended, must choose each hop's bundle in turn, and must have nothing
/// further where a step ends without a hold.
///
/// # Complexity
/// O(C·(V + E) log V + H k log k) for the C channels the steps use, V entries and E edges per
/// channel, and H hops.
pub fn verify(pkg: &Package, plan: &Plan, options: &PlanOptions) -> Result<(), PlanError> {
    if !plan.reachable {
        return Ok(());
    }
    let end = verify_steps(pkg, &plan.from, &plan.steps, options)?;
    match &plan.end {
        Some(e) if e != &end => Err(PlanError::Replay {
            channel: plan
                .steps
                .last()
                .map(|s| s.channel.clone())
                .unwrap_or_default(),
            at: end.clone(),
            expected: e.clone(),
            found: Some(end),
        }),
        _ => Ok(()),
    }
}

/// The resolution options of one step: its channel, or its ClusterExtension channel set.
pub(super) fn step_options(step: &PlanStep, options: &PlanOptions) -> PathOptions {
    PathOptions {
        resolver: options.resolver,
        channel: step.channels.is_none().then(|| step.channel.clone()),
        channels: step.channels.clone().unwrap_or_default(),
        policy: options.policy,
        version: options.version.clone(),
        ..PathOptions::default()
    }
}

/// Replays `steps` in `pkg` from `from` (see [`verify`]); the bundle they end on.
///
/// # Complexity
/// As [`verify`].
pub fn verify_steps(
    pkg: &Package,
    from: &str,
    steps: &[PlanStep],
    options: &PlanOptions,
) -> Result<String, PlanError> {
    let mut current = from.to_string();
    for step in steps {
        let resolver = HopResolver::new(pkg, &step_options(step, options)).map_err(|e| {
            PlanError::Resolve {
                channel: step.channel.clone(),
                message: e.message,
            }
        })?;
        let replay_error = |at: &str, expected: &str, found: Option<String>| PlanError::Replay {
            channel: step.channel.clone(),
            at: at.to_string(),
            expected: expected.to_string(),
            found,
        };
        let chosen = |at: &str| -> Result<Option<String>, PlanError> {
            let mut installed = resolver.installed(at);
            if at == from && pkg.bundle(at).is_none() {
                installed.version = options.installed_version.clone().or(installed.version);
            }
            let choice = resolver.next(&installed).map_err(|e| PlanError::Resolve {
                channel: step.channel.clone(),
                message: e.message,
            })?;
            Ok(choice.chosen.map(|(to, _)| to))
        };
        for hop in &step.hops {
            let found = chosen(&current)?;
            if hop.from != current || found.as_deref() != Some(hop.to.as_str()) {
                return Err(replay_error(&current, &hop.to, found));
            }
            current = hop.to.clone();
        }
        if step.stop.is_none() {
            if let Some(further) = chosen(&current)? {
                return Err(replay_error(
                    &current,
                    "a hold (the step has none)",
                    Some(further),
                ));
            }
        } else if step.stop.as_deref() != Some(current.as_str()) {
            let stop = step.stop.clone().unwrap_or_default();
            return Err(replay_error(&current, &stop, Some(current.clone())));
        }
    }
    Ok(current)
}
