//! Routes: the points of every individually drawn edge, from the right side of the older node to
//! the left side of the newer one, following the job's shape (see [`super::jobs`]) at the level
//! [`super::levels`] gave it.

use super::jobs::{Job, Jobs, Shape};
use super::levels::Levels;
use super::options::Geo;
use super::place::Placement;
use super::EdgeRoute;

/// The route of every drawn edge, in edge order; edges sharing a job share its points.
///
/// # Complexity
/// O(E + J) for E edges and J jobs.
pub(super) fn edge_routes(jobs: &Jobs, place: &Placement<'_>, levels: &Levels) -> Vec<EdgeRoute> {
    let mut job_points: Vec<(Vec<(f64, f64)>, bool)> = jobs
        .jobs
        .iter()
        .map(|j| {
            let s = (place.right(j.from), place.mid_y(j.from));
            let t = (place.left(j.to), place.mid_y(j.to));
            route(place.geo, j, s, t, &place.lane_top, &levels.humps)
        })
        .collect();
    // How many edges still share each job: the last one takes the points, the others copy.
    let mut left = vec![0usize; jobs.jobs.len()];
    for &j in jobs.job_of.iter().filter(|&&j| j != usize::MAX) {
        left[j] += 1;
    }
    let mut routes = Vec::with_capacity(jobs.jobs.len());
    for (i, &j) in jobs.job_of.iter().enumerate() {
        if j == usize::MAX {
            continue;
        }
        left[j] -= 1;
        let (points, curved) = if left[j] == 0 {
            std::mem::take(&mut job_points[j])
        } else {
            job_points[j].clone()
        };
        routes.push(EdgeRoute {
            edge: i,
            points,
            curved,
        });
    }
    routes
}

pub(super) fn lerp(p: (f64, f64), q: (f64, f64), t: f64) -> (f64, f64) {
    (p.0 + (q.0 - p.0) * t, p.1 + (q.1 - p.1) * t)
}

/// Points of a job from `s` (right side of `from`) to `t` (left side of `to`).
fn route(
    geo: &Geo,
    job: &Job,
    s: (f64, f64),
    t: (f64, f64),
    lane_top: &[f64],
    hump_levels: &[usize],
) -> (Vec<(f64, f64)>, bool) {
    let g = geo.g;
    match job.shape {
        Shape::Straight => (vec![s, t], false),
        Shape::Adjacent => {
            // Parallel edges between the same two nodes are lifted one third of a node each.
            let (reach, lift) = if job.k == 0 {
                (g / 2.0, 0.0)
            } else {
                (g / 3.0, job.k as f64 * geo.h / 3.0)
            };
            let c1 = (s.0 + reach, s.1 - lift);
            let c2 = (t.0 - reach, t.1 - lift);
            (vec![s, c1, c2, t], true)
        }
        Shape::Hump { lane, .. } => {
            let base = lane_top[lane] - geo.step;
            let ctrl = base - job.level as f64 * geo.step / 0.75;
            let p1 = (s.0 + g / 2.0, base);
            let p2 = (t.0 - g / 2.0, base);
            let c1 = (p1.0, s.1);
            let c3 = (p2.0, t.1);
            (
                vec![s, c1, c1, p1, (p1.0, ctrl), (p2.0, ctrl), p2, c3, c3, t],
                true,
            )
        }
        Shape::Track { region, .. } => {
            let y = lane_top[region] - geo.step * (2 + hump_levels[region] + job.level) as f64;
            (track_points(g, s, t, y), true)
        }
    }
}

/// A run on the track at height `y`: up (or down) from `s`, along the track, into `t`; drawn as
/// axis-parallel strokes with rounded corners of one radius, so two runs that leave (or reach)
/// the same side share their strokes until they part and never cross there.
fn track_points(g: f64, s: (f64, f64), t: (f64, f64), y: f64) -> Vec<(f64, f64)> {
    // Every run leaves a side at the same x and reaches a side at the same x, whichever way it
    // goes, so runs that share an end share that stroke.
    let (xs, xt) = (s.0 + g / 4.0, t.0 - g / 4.0);
    let corners = [s, (xs, s.1), (xs, y), (xt, y), (xt, t.1), t];
    rounded(&corners, g / 8.0)
}

/// Cubic segments (start, then two controls and an end per segment) along the axis-parallel
/// polyline `corners`, each inner corner rounded with radius `r` (less where a stroke is
/// short: at most half of either stroke). Straight strokes are cubics with their controls on
/// the stroke, so strokes shared by two routes coincide exactly.
///
/// # Complexity
/// O(P) for P corners.
pub(super) fn rounded(corners: &[(f64, f64)], r: f64) -> Vec<(f64, f64)> {
    let dist = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).abs() + (a.1 - b.1).abs();
    let Some(&first) = corners.first() else {
        return Vec::new();
    };
    let mut out = vec![first];
    let mut at = first;
    let line = |out: &mut Vec<(f64, f64)>, a: (f64, f64), b: (f64, f64)| {
        out.extend([lerp(a, b, 1.0 / 3.0), lerp(a, b, 2.0 / 3.0), b]);
    };
    for w in corners.windows(3) {
        let (a, p, b) = (w[0], w[1], w[2]);
        let (la, lb) = (dist(a, p), dist(p, b));
        let rr = r.min(la / 2.0).min(lb / 2.0);
        if rr <= 0.0 {
            line(&mut out, at, p);
            at = p;
            continue;
        }
        let q1 = lerp(p, a, rr / la);
        let q2 = lerp(p, b, rr / lb);
        line(&mut out, at, q1);
        // A quarter circle is close to a cubic with its controls 0.55 of the radius from the
        // ends, towards the corner.
        out.extend([lerp(q1, p, 0.55), lerp(q2, p, 0.55), q2]);
        at = q2;
    }
    if let Some(&last) = corners.last() {
        if corners.len() >= 2 {
            line(&mut out, at, last);
        }
    }
    out
}
