//! The player model: what the AI learns about how each target behaves (spec section 10, "Player
//! model"): how often it hides, how fast it usually moves, which way it tends to escape. Kept per
//! target for the AI's life, in fixed memory.

use crate::belief::loss::LossReason;
use crate::TargetId;
use glam::Vec3;

/// Targets modelled at once; the one seen longest ago gives way.
pub const MODELS: usize = 64;

/// What one AI has learned about one target.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PlayerModel {
    pub target: TargetId,
    /// Times it was noticed (Undetected to Suspected).
    pub encounters: u32,
    /// Times it was lost, by any reason.
    pub losses: u32,
    /// Times it was lost behind cover (Occluded).
    pub hides: u32,
    /// Times it got out of range or out of the cone.
    pub outruns: u32,
    /// Its usual speed while sensed (the mean over all the time it was sensed), m/s.
    pub typical_speed: f32,
    /// Sum of the directions it ran when lost: its preferred escape direction.
    pub(crate) escape_sum: Vec3,
    /// Seconds it has been sensed in all.
    pub time_sensed: f32,
    /// Mind time it was last sensed.
    pub last_sensed: f64,
}

impl PlayerModel {
    /// How often a loss was it hiding, 0..1.
    #[must_use]
    pub fn hide_rate(&self) -> f32 {
        if self.losses == 0 {
            0.0
        } else {
            self.hides as f32 / self.losses as f32
        }
    }

    /// The direction it tends to escape in (unit, or zero if it never ran).
    #[must_use]
    pub fn preferred_escape_direction(&self) -> Vec3 {
        self.escape_sum.normalize_or_zero()
    }
}

/// Every target's model.
#[derive(Debug, Clone)]
pub struct PlayerModels {
    pub(crate) models: Vec<PlayerModel>,
    /// The model found last: the same target usually comes back at once.
    pub(crate) last: usize,
}

impl Default for PlayerModels {
    fn default() -> Self {
        PlayerModels {
            models: Vec::with_capacity(MODELS),
            last: 0,
        }
    }
}

impl PlayerModels {
    fn model_mut(&mut self, target: TargetId, now: f64) -> &mut PlayerModel {
        if self
            .models
            .get(self.last)
            .is_some_and(|m| m.target == target)
        {
            return &mut self.models[self.last];
        }
        let i = match self.models.iter().position(|m| m.target == target) {
            Some(i) => i,
            None => {
                let fresh = PlayerModel {
                    target,
                    last_sensed: now,
                    ..PlayerModel::default()
                };
                if self.models.len() < MODELS {
                    self.models.push(fresh);
                    self.models.len() - 1
                } else {
                    let oldest = self
                        .models
                        .iter()
                        .enumerate()
                        .min_by(|a, b| a.1.last_sensed.total_cmp(&b.1.last_sensed))
                        .map_or(0, |(i, _)| i);
                    self.models[oldest] = fresh;
                    oldest
                }
            }
        };
        self.last = i;
        &mut self.models[i]
    }

    /// The target was sensed for `dt` seconds moving at `speed` m/s. `hint` is where its model
    /// was last found (kept by the caller per target), so the common case needs no search.
    pub fn sensed(&mut self, target: TargetId, hint: &mut u16, speed: f32, dt: f32, now: f64) {
        if self
            .models
            .get(usize::from(*hint))
            .is_none_or(|m| m.target != target)
        {
            self.model_mut(target, now);
            *hint = self.last as u16;
        }
        let m = &mut self.models[usize::from(*hint)];
        m.last_sensed = now;
        if speed.is_finite() && dt > 0.0 {
            m.time_sensed += dt;
            m.typical_speed += (speed - m.typical_speed) * (dt / m.time_sensed);
        }
    }

    /// The target was noticed again.
    pub fn noticed(&mut self, target: TargetId, now: f64) {
        let m = self.model_mut(target, now);
        m.encounters = m.encounters.saturating_add(1);
    }

    /// The target was lost for `reason`, running along `direction`.
    pub fn lost(&mut self, target: TargetId, reason: LossReason, direction: Vec3, now: f64) {
        let m = self.model_mut(target, now);
        m.losses = m.losses.saturating_add(1);
        match reason {
            LossReason::Occluded => m.hides = m.hides.saturating_add(1),
            LossReason::OutOfRange => m.outruns = m.outruns.saturating_add(1),
            _ => {}
        }
        if direction.is_finite() {
            m.escape_sum += direction;
        }
    }

    #[must_use]
    pub fn get(&self, target: TargetId) -> Option<&PlayerModel> {
        self.models.iter().find(|m| m.target == target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learns_hiding_speed_and_escape_direction() {
        let mut p = PlayerModels::default();
        let t = TargetId(1);
        p.noticed(t, 0.0);
        let mut hint = 0;
        for k in 0..100 {
            p.sensed(t, &mut hint, 4.0, 0.1, f64::from(k) * 0.1);
        }
        p.lost(t, LossReason::Occluded, Vec3::X, 10.0);
        p.lost(t, LossReason::Occluded, Vec3::X, 20.0);
        p.lost(t, LossReason::OutOfRange, Vec3::Z, 30.0);
        let m = p.get(t).unwrap();
        assert!((m.typical_speed - 4.0).abs() < 1e-4);
        assert!((m.hide_rate() - 2.0 / 3.0).abs() < 1e-6);
        assert_eq!((m.encounters, m.losses, m.outruns), (1, 3, 1));
        assert!(
            (m.preferred_escape_direction() - Vec3::new(2.0, 0.0, 1.0).normalize()).length() < 1e-6
        );
        assert!((m.time_sensed - 10.0).abs() < 1e-3);
    }
}
