//! `ApsQualityProfile`: scale an AI's perception cost without touching its beliefs (spec
//! section 14, "Scale cost without resetting belief").

use aps_core::crowd::quality::{QualityScale, INTERVAL_SCALE_RANGE, RAY_SCALE_RANGE};
use godot::classes::{IResource, Resource};
use godot::prelude::*;

/// Scales how often an AI perceives and how many rays it casts, on top of its profile: a cheap
/// setting for crowds, background AI or low-end machines. Assign it with
/// [method ApsPerceptionComponent.set_quality_profile]; beliefs are kept.
#[derive(GodotClass)]
#[class(tool, base = Resource)]
pub struct ApsQualityProfile {
    /// Multiplies the Base Update Interval: 2 perceives half as often.
    #[export(range = (0.1, 20.0, 0.05))]
    interval_scale: f32,
    /// Multiplies the rays per target (vision's sample points), at least one ray each.
    #[export(range = (0.0, 1.0, 0.05))]
    ray_scale: f32,
    base: Base<Resource>,
}

#[godot_api]
impl IResource for ApsQualityProfile {
    fn init(base: Base<Resource>) -> Self {
        ApsQualityProfile {
            interval_scale: 1.0,
            ray_scale: 1.0,
            base,
        }
    }

    /// A scale set out of its range is stored clamped, with a warning.
    fn on_set(&mut self, property: StringName, value: Variant) -> bool {
        let name = property.to_string();
        let me = self.to_gd().upcast::<godot::classes::Object>();
        let field = match name.as_str() {
            "interval_scale" => Some((&mut self.interval_scale, INTERVAL_SCALE_RANGE, 1.0)),
            "ray_scale" => Some((&mut self.ray_scale, RAY_SCALE_RANGE, 1.0)),
            _ => None,
        };
        crate::kept::store_kept(&format!("ApsQualityProfile.{name}"), &me, field, &value)
    }
}

impl ApsQualityProfile {
    /// Applies the scales to a core profile (the core keeps each in its range).
    pub fn apply(&self, p: &mut aps_core::Profile) {
        QualityScale {
            interval_scale: self.interval_scale,
            ray_scale: self.ray_scale,
        }
        .apply(p);
    }

    /// A key that changes whenever the scales do.
    #[must_use]
    pub fn key(&self) -> (u32, u32) {
        (self.interval_scale.to_bits(), self.ray_scale.to_bits())
    }
}
