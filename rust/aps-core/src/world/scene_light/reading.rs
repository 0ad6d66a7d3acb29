//! What the scene's light on a point comes to, and how it meets the world's zones and ambient
//! light.

use smallvec::SmallVec;

/// How much one light put on a point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Lit {
    pub id: u64,
    /// What it gives there with nothing in the way.
    pub amount: f32,
    /// Whether something stood between: it gave nothing.
    pub shadowed: bool,
}

/// The most lights one reading names (the brightest are kept).
pub const NAMED_LIGHTS: usize = 4;

/// The light a point reads from the scene: its floor (the environment's ambient light, if the
/// scene states one) and the lights that reached it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SceneReading {
    /// The environment's ambient light, if the scene has an environment whose ambient light
    /// can be read; else the world's own ambient light stands.
    pub floor: Option<f32>,
    /// What the lights gave, summed (shadowed ones give nothing).
    pub sum: f32,
    /// The brightest lights that reached it or would have but for a shadow, brightest first.
    pub lights: SmallVec<[Lit; NAMED_LIGHTS]>,
}

impl SceneReading {
    /// The lights in words, each named by `name`: "lit by Lamp2 (0.62), in Lamp3's shadow";
    /// empty when no light reached the point.
    #[must_use]
    pub fn words(&self, name: &dyn Fn(u64) -> String) -> String {
        let lit: Vec<String> = self
            .lights
            .iter()
            .filter(|l| !l.shadowed)
            .map(|l| format!("{} ({:.2})", name(l.id), l.amount))
            .collect();
        let shade: Vec<String> = self
            .lights
            .iter()
            .filter(|l| l.shadowed)
            .map(|l| format!("{}'s", name(l.id)))
            .collect();
        let mut parts = Vec::new();
        if !lit.is_empty() {
            parts.push(format!("lit by {}", lit.join(", ")));
        }
        if !shade.is_empty() {
            parts.push(format!("in {} shadow", shade.join(" and ")));
        }
        parts.join(", ")
    }

    /// Adds one light's share, keeping the brightest [`NAMED_LIGHTS`] named.
    pub(super) fn add(&mut self, lit: Lit) {
        if !lit.shadowed {
            self.sum += lit.amount;
        }
        let at = self
            .lights
            .iter()
            .position(|l| l.amount.abs() < lit.amount.abs())
            .unwrap_or(self.lights.len());
        if at < NAMED_LIGHTS {
            if self.lights.len() == NAMED_LIGHTS {
                self.lights.pop();
            }
            self.lights.insert(at, lit);
        }
    }
}

/// The light level at a point (0..1) where the world's zones and ambient light meet the scene's
/// light: the smallest zone around the point, if any, is the game's own word and stands as it
/// is; elsewhere the floor (the environment's ambient light if the scene states one, else the
/// world's `ambient`) plus what the scene's lights give there. Without scene light (`None`),
/// the zone or the ambient light, as before scene lights were read.
#[must_use]
pub fn combined(zone: Option<f32>, ambient: f32, scene: Option<&SceneReading>) -> f32 {
    let level = match (zone, scene) {
        (Some(zone), _) => zone,
        (None, None) => ambient,
        (None, Some(s)) => s.floor.unwrap_or(ambient) + s.sum,
    };
    if level.is_nan() {
        0.0
    } else {
        level.clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reading_names_its_lights_and_shadows() {
        let mut reading = SceneReading::default();
        reading.add(Lit {
            id: 2,
            amount: 0.62,
            shadowed: false,
        });
        reading.add(Lit {
            id: 3,
            amount: 0.4,
            shadowed: true,
        });
        let name = |id: u64| format!("Lamp{id}");
        assert_eq!(
            reading.words(&name),
            "lit by Lamp2 (0.62), in Lamp3's shadow"
        );
        assert_eq!(SceneReading::default().words(&name), "");
    }

    #[test]
    fn zones_stand_and_the_world_s_ambient_is_the_floor_without_an_environment() {
        let reading = SceneReading {
            floor: None,
            sum: 0.3,
            lights: SmallVec::new(),
        };
        assert_eq!(
            combined(Some(0.2), 1.0, Some(&reading)),
            0.2,
            "a zone stands"
        );
        assert!((combined(None, 0.1, Some(&reading)) - 0.4).abs() < 1e-6);
        assert_eq!(combined(None, 1.0, Some(&reading)), 1.0, "never above 1");
        assert_eq!(combined(None, 0.6, None), 0.6, "no scene light: as before");
        let negative = SceneReading {
            floor: Some(0.1),
            sum: -0.5,
            lights: SmallVec::new(),
        };
        assert_eq!(combined(None, 1.0, Some(&negative)), 0.0, "never below 0");
    }
}
