//! What the mirror answers for one ray, and how the answers of single shapes combine.

use aps_core::senses::rays::BodyId;

/// The mirror's answer for one ray from `from` to `to`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Answer {
    /// Nothing on the ray's layers lies across it: the engine's ray would hit nothing.
    Clear,
    /// The first thing the ray meets is `body`, somewhere before `at` (a fraction of the ray).
    Blocked { body: BodyId, at: f32 },
    /// The ray meets nothing before the body it was cast toward, which is not mirrored (a
    /// character): the engine's ray would hit that body, or nothing if it started inside it.
    Reaches(BodyId),
    /// The engine must answer: the ray passes near an edge, starts near a shape, or crosses
    /// something that is not mirrored.
    Unsure,
}

/// How one shape meets a ray, in fractions of the ray (0 at its start, 1 at its end).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Reach {
    /// The ray passes farther than the margin from the shape.
    Miss,
    /// The ray starts within the margin of the shape (or inside it): whether the engine counts
    /// that as a hit depends on the engine.
    Inside,
    /// The ray comes within the margin at `near` but never passes well inside.
    Near { near: f32 },
    /// The ray comes within the margin at `near` and is well inside by `sure`: the engine hits
    /// the shape somewhere between the two.
    Hit { near: f32, sure: f32 },
}

/// One shape the ray meets, with its body.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Met {
    pub body: BodyId,
    pub near: f32,
    /// Where the ray is surely inside it; `None` when it only comes near.
    pub sure: Option<f32>,
}

/// The first body the ray surely hits, if no other body could come first: `Some(Some(..))`
/// blocked, `Some(None)` clear, `None` unsure.
#[must_use]
pub fn first_of(met: &[Met]) -> Option<Option<(BodyId, f32)>> {
    if met.is_empty() {
        return Some(None);
    }
    let first = met
        .iter()
        .filter_map(|m| m.sure.map(|s| (m.body, s)))
        .min_by(|a, b| a.1.total_cmp(&b.1))?;
    // Every other body must stay farther than the margin until the first is surely hit;
    // the first body's own other shapes may come first (a hit on any is a hit on it).
    let contested = met.iter().any(|m| m.body != first.0 && m.near <= first.1);
    (!contested).then_some(Some(first))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn met(body: u64, near: f32, sure: Option<f32>) -> Met {
        Met {
            body: BodyId(body),
            near,
            sure,
        }
    }

    #[test]
    fn nothing_met_is_clear() {
        assert_eq!(first_of(&[]), Some(None));
    }

    #[test]
    fn only_near_is_unsure() {
        assert_eq!(first_of(&[met(1, 0.2, None)]), None);
    }

    #[test]
    fn the_first_sure_hit_wins_when_the_rest_start_after_it() {
        let m = [
            met(1, 0.5, Some(0.55)),
            met(2, 0.2, Some(0.25)),
            met(3, 0.3, None),
        ];
        assert_eq!(first_of(&m), Some(Some((BodyId(2), 0.25))));
    }

    #[test]
    fn another_body_near_before_the_sure_hit_is_unsure() {
        let m = [met(1, 0.2, Some(0.3)), met(2, 0.25, None)];
        assert_eq!(first_of(&m), None);
    }

    #[test]
    fn the_same_body_near_first_is_still_its_hit() {
        let m = [met(1, 0.2, Some(0.3)), met(1, 0.1, None)];
        assert_eq!(first_of(&m), Some(Some((BodyId(1), 0.3))));
    }
}
