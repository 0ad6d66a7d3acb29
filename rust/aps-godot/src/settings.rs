//! The project settings APS adds under `aps/` (the spec's console variables).

use godot::classes::ProjectSettings;
use godot::prelude::*;
use godot::register::info::PropertyHint;

/// Candidates come from the spatial grid; off scans every perceivable body, for comparing.
pub const USE_SPATIAL_INDEX: &str = "aps/use_spatial_index";
/// At most this many AI run a full perception pass in one physics frame (0: no cap).
pub const MAX_UPDATES_PER_FRAME: &str = "aps/max_perception_updates_per_frame";
/// Level of detail by significance; off runs every AI at full rate, for comparing.
pub const LEVEL_OF_DETAIL: &str = "aps/level_of_detail";
/// Debug drawing of everything, for every AI (each component's `debug_draw` otherwise).
pub const DEBUG_DRAW: &str = "aps/debug/draw";
/// Senses note the factors of each reading and their rays, for `explain()` and debug drawing;
/// off saves that little work in a shipped game.
pub const DEBUG_EXPLAIN: &str = "aps/debug/explain";

/// Rays whose way crosses only the static level are decided by APS's own copy of it, without
/// the engine; off sends every ray to the engine, for comparing and as a fallback.
pub const STATIC_MIRROR: &str = "aps/static_mirror";
/// Every ray the static mirror decides is also cast through the engine, and the two answers
/// are compared (`mirror_disagreements` in `ApsWorld.get_stats`); the engine's answer is used.
pub const STATIC_MIRROR_SHADOW: &str = "aps/debug/static_mirror_shadow";

/// The level's own lights (`OmniLight3D`, `SpotLight3D`, `DirectionalLight3D`) and the
/// `WorldEnvironment`'s ambient light light the targets; off, light is the zones' and the
/// ambient light alone.
pub const SCENE_LIGHTS: &str = "aps/lights/scene_lights";
/// Seconds a still target's measured light is kept before it is measured again (a move, or a
/// light that changes, measures it at once).
pub const LIGHT_REMEASURE_INTERVAL: &str = "aps/lights/remeasure_interval";
/// The physics layers whose bodies cast the scene lights' shadows on targets.
pub const LIGHT_SHADOW_LAYERS: &str = "aps/lights/shadow_layers";
/// The render layers whose lights perception reads (a light's `layers`).
pub const LIGHT_RENDER_LAYERS: &str = "aps/lights/render_layers";

/// The most occluders (glass, foliage, smoke: `ApsOccluder`) one sight or sound ray passes
/// through; a ray that meets more is stopped there.
pub const OCCLUDER_MAX_HITS: &str = "aps/occluders/max_hits_per_ray";

/// The physics layers that stop sight, muffle sound and return echoes for every profile with
/// Use Project Occlusion Layers on (the default): every layer unless a project narrows it, so a
/// game's walls work whatever layer they are on. The same bits serve 2D physics layers.
pub const OCCLUSION_LAYERS: &str = "aps/occlusion_layers";

/// Godot groups that stand for teams: a Dictionary from group name to team id. A node in one
/// of these groups is on that team (spec section 9's relationships then follow the team).
pub const TEAM_GROUPS: &str = "aps/teams/groups";

/// Pixels of a 2D scene per metre of the profiles (`ApsPerceptionComponent2D`): 2D positions,
/// speeds, ranges and radii are divided by it into the core's metres.
pub const PIXELS_PER_METER: &str = "aps/2d/pixels_per_meter";

/// Registers the settings with their defaults and hints, keeping values a project already has.
///
/// Each default is also the setting's initial value: Godot writes a setting to `project.godot`
/// only when it differs from its initial value, so a project that leaves APS's settings alone
/// gets no `aps/` lines when the editor saves it (toggling a plugin does). `cargo xtask test`
/// checks this in a headless editor.
pub fn register() {
    let mut ps = ProjectSettings::singleton();
    add(
        &mut ps,
        USE_SPATIAL_INDEX,
        true.to_variant(),
        VariantType::BOOL,
        PropertyHint::NONE,
        "",
    );
    add(
        &mut ps,
        MAX_UPDATES_PER_FRAME,
        64.to_variant(),
        VariantType::INT,
        PropertyHint::RANGE,
        "0,4096,1",
    );
    add(
        &mut ps,
        OCCLUDER_MAX_HITS,
        i64::from(aps_core::senses::transmission::DEFAULT_MAX_HITS).to_variant(),
        VariantType::INT,
        PropertyHint::RANGE,
        "1,16,1",
    );
    add(
        &mut ps,
        LEVEL_OF_DETAIL,
        true.to_variant(),
        VariantType::BOOL,
        PropertyHint::NONE,
        "",
    );
    add(
        &mut ps,
        DEBUG_DRAW,
        false.to_variant(),
        VariantType::BOOL,
        PropertyHint::NONE,
        "",
    );
    add(
        &mut ps,
        PIXELS_PER_METER,
        f64::from(crate::dim::DEFAULT_PIXELS_PER_METER).to_variant(),
        VariantType::FLOAT,
        PropertyHint::RANGE,
        "0.01,100000,0.01,or_greater",
    );
    add(
        &mut ps,
        STATIC_MIRROR,
        true.to_variant(),
        VariantType::BOOL,
        PropertyHint::NONE,
        "",
    );
    add(
        &mut ps,
        STATIC_MIRROR_SHADOW,
        false.to_variant(),
        VariantType::BOOL,
        PropertyHint::NONE,
        "",
    );
    add(
        &mut ps,
        SCENE_LIGHTS,
        true.to_variant(),
        VariantType::BOOL,
        PropertyHint::NONE,
        "",
    );
    add(
        &mut ps,
        LIGHT_REMEASURE_INTERVAL,
        f64::from(aps_core::world::scene_light::DEFAULT_REMEASURE_INTERVAL).to_variant(),
        VariantType::FLOAT,
        PropertyHint::RANGE,
        "0,10,0.01,suffix:s",
    );
    add(
        &mut ps,
        LIGHT_SHADOW_LAYERS,
        i64::from(aps_core::profile::ALL_LAYERS).to_variant(),
        VariantType::INT,
        PropertyHint::LAYERS_3D_PHYSICS,
        "",
    );
    add(
        &mut ps,
        LIGHT_RENDER_LAYERS,
        i64::from(aps_core::profile::ALL_LAYERS).to_variant(),
        VariantType::INT,
        PropertyHint::LAYERS_3D_RENDER,
        "",
    );
    add(
        &mut ps,
        DEBUG_EXPLAIN,
        true.to_variant(),
        VariantType::BOOL,
        PropertyHint::NONE,
        "",
    );
    add(
        &mut ps,
        OCCLUSION_LAYERS,
        i64::from(aps_core::profile::ALL_LAYERS).to_variant(),
        VariantType::INT,
        PropertyHint::LAYERS_3D_PHYSICS,
        "",
    );
    add(
        &mut ps,
        TEAM_GROUPS,
        VarDictionary::new().to_variant(),
        VariantType::DICTIONARY,
        PropertyHint::DICTIONARY_TYPE,
        "StringName;int",
    );
    read_pixels_per_meter();
    read_occlusion_and_teams();
}

fn add(
    ps: &mut Gd<ProjectSettings>,
    key: &str,
    default: Variant,
    ty: VariantType,
    hint: PropertyHint,
    hint_string: &str,
) {
    if !ps.has_setting(key) {
        ps.set_setting(key, &default);
    }
    ps.set_initial_value(key, &default);
    ps.set_as_basic(key, true);
    let info = vdict! {
        "name" => key,
        "type" => ty.ord(),
        "hint" => hint.ord(),
        "hint_string" => hint_string,
    };
    ps.add_property_info(&info.upcast_any_dictionary());
}

/// A boolean setting's value (true if it is missing).
#[must_use]
pub fn flag(key: &str) -> bool {
    flag_or(key, true)
}

/// A boolean setting's value, `default` if it is missing or not a boolean.
#[must_use]
pub fn flag_or(key: &str, default: bool) -> bool {
    ProjectSettings::singleton()
        .get_setting(key)
        .try_to::<bool>()
        .unwrap_or(default)
}

/// A number setting's value (an int is the number it is), `default` if it is missing, not a
/// number or NaN.
#[must_use]
pub fn float_or(key: &str, default: f32) -> f32 {
    let value = ProjectSettings::singleton().get_setting(key);
    value
        .try_to::<f64>()
        .ok()
        .or_else(|| value.try_to::<i64>().ok().map(|v| v as f64))
        .map(|v| v as f32)
        .filter(|v| !v.is_nan())
        .unwrap_or(default)
}

/// An integer setting's value.
#[must_use]
pub fn number(key: &str, fallback: i64) -> i64 {
    ProjectSettings::singleton()
        .get_setting(key)
        .try_to::<i64>()
        .unwrap_or(fallback)
}

/// A project setting's value as last read, to tell whether it changed: a number by its bits (so
/// a NaN is the same value from frame to frame, and nothing is made of it each frame), anything
/// else by its type and text.
#[derive(PartialEq)]
enum Held {
    Float(u64),
    Int(i64),
    Other(VariantType, String),
}

impl Held {
    fn of(value: &Variant) -> Held {
        let ty = value.get_type();
        match ty {
            VariantType::FLOAT => value.try_to::<f64>().ok().map(|v| Held::Float(v.to_bits())),
            VariantType::INT => value.try_to::<i64>().ok().map(Held::Int),
            _ => None,
        }
        .unwrap_or_else(|| Held::Other(ty, value.to_string()))
    }
}

/// Reads `aps/2d/pixels_per_meter` into the 2D front end (an int is the number it is), with a
/// warning for a value it has to change (0 or less, not a number, or past its range) and for a
/// change while 2D AI already hold beliefs in the old scale. A script writing the setting every
/// frame is one cause: said at once, then at most once a second, counting the changes since.
pub fn read_pixels_per_meter() {
    thread_local! {
        /// The value last read, as the setting held it.
        static LAST: std::cell::RefCell<Option<Held>> = const { std::cell::RefCell::new(None) };
    }
    let value = ProjectSettings::singleton().get_setting(PIXELS_PER_METER);
    let key = Held::of(&value);
    if LAST.with(|l| l.borrow().as_ref() == Some(&key)) {
        return;
    }
    let first = LAST.with(|l| l.replace(Some(key)).is_none());
    let given = value
        .try_to::<f64>()
        .or_else(|_| value.try_to::<i64>().map(|i| i as f64))
        .map_or(f32::NAN, |v| v as f32);
    let before = crate::dim::pixels_per_meter();
    let used = crate::dim::set_pixels_per_meter(given);
    let moved = !first && used != before && crate::dim::scale_in_use();
    let unusable = used.to_bits() != given.to_bits();
    if !(moved || unusable) {
        return;
    }
    crate::warnings::warn_counted(PIXELS_PER_METER, None, |since| {
        // What was wrong with the value, and what changing the scale now does.
        let mut text = if unusable {
            format!(
                "{PIXELS_PER_METER}: {value} is not a scale APS can use (it must be a number \
                 from {} to {}); using {used}",
                crate::dim::PIXELS_PER_METER_RANGE.0,
                crate::dim::PIXELS_PER_METER_RANGE.1
            )
        } else {
            format!("{PIXELS_PER_METER}: {used}")
        };
        if moved {
            text.push_str(&format!(
                "; changed from {before} while the game runs, what 2D AI believe and the 2D \
                 light zones, held in metres, move on screen with it (set it once, before the \
                 game starts)"
            ));
        }
        if since > 0 {
            text.push_str(&format!(
                " (changed {since} times since this was last said)"
            ));
        }
        text
    })
}

thread_local! {
    /// `aps/occlusion_layers` as of the last frame.
    static OCCLUSION: std::cell::Cell<u32> =
        const { std::cell::Cell::new(aps_core::profile::ALL_LAYERS) };
    /// `aps/teams/groups` as of the last frame: each group and its team, in the order given.
    static TEAMS: std::cell::RefCell<std::rc::Rc<[(StringName, i32)]>> =
        std::cell::RefCell::new(std::rc::Rc::from(Vec::new()));
}

/// The occlusion layers every profile that follows the project uses (read once a frame).
#[must_use]
pub fn occlusion_layers() -> u32 {
    OCCLUSION.with(std::cell::Cell::get)
}

/// The groups that are teams, with their team ids (read once a frame; empty: none).
#[must_use]
pub fn team_groups() -> std::rc::Rc<[(StringName, i32)]> {
    TEAMS.with(|t| std::rc::Rc::clone(&t.borrow()))
}

/// `aps/occlusion_layers` read now (in the editor, where no frame reads it), quietly: a value
/// that is no whole number is every layer.
#[must_use]
pub fn read_occlusion_layers() -> u32 {
    ProjectSettings::singleton()
        .get_setting(OCCLUSION_LAYERS)
        .try_to::<i64>()
        .map_or(aps_core::profile::ALL_LAYERS, |bits| bits as u32)
}

/// Reads `aps/occlusion_layers` and `aps/teams/groups`, with a warning for a value it cannot
/// use: layers that are no whole number (every layer is used), a group entry whose key is no
/// name or whose team is no whole number (the entry is skipped). Each setting is one cause: a
/// script writing bad values every frame is told at most once a second.
pub fn read_occlusion_and_teams() {
    thread_local! {
        static LAST: std::cell::RefCell<(Option<Held>, Option<u32>)> =
            const { std::cell::RefCell::new((None, None)) };
    }
    let ps = ProjectSettings::singleton();
    let layers = ps.get_setting(OCCLUSION_LAYERS);
    let held = Held::of(&layers);
    if LAST.with(|l| l.borrow().0.as_ref() != Some(&held)) {
        let used = match layers.try_to::<i64>() {
            // A project file may hold the 32 bits signed or unsigned: the low 32 are the layers.
            Ok(bits) => bits as u32,
            Err(_) => {
                crate::warnings::warn(OCCLUSION_LAYERS, None, || {
                    format!(
                        "{OCCLUSION_LAYERS}: {layers} is not a set of physics layers (a whole \
                         number); every layer stops sight, sound and echoes"
                    )
                });
                aps_core::profile::ALL_LAYERS
            }
        };
        OCCLUSION.with(|o| o.set(used));
        LAST.with(|l| l.borrow_mut().0 = Some(held));
    }
    let groups = ps.get_setting(TEAM_GROUPS);
    let hash = groups.hash_u32();
    if LAST.with(|l| l.borrow().1 == Some(hash)) {
        return;
    }
    LAST.with(|l| l.borrow_mut().1 = Some(hash));
    let mut teams = Vec::new();
    match groups.try_to::<VarDictionary>() {
        Ok(d) => {
            for (key, team) in d.iter_shared() {
                let name = key
                    .try_to::<StringName>()
                    .or_else(|_| key.try_to::<GString>().map(|s| StringName::from(&s)));
                if teams.len() == MAX_TEAM_GROUPS {
                    crate::warnings::warn(TEAM_GROUPS, None, || {
                        format!(
                            "{TEAM_GROUPS}: {} groups, more than {MAX_TEAM_GROUPS}; the rest \
                             are skipped",
                            d.len()
                        )
                    });
                    break;
                }
                match (name, team.try_to::<i64>()) {
                    (Ok(name), Ok(team)) if !name.is_empty() => {
                        teams.push((
                            name,
                            team.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32,
                        ));
                    }
                    _ => crate::warnings::warn(&format!("{TEAM_GROUPS} {key}"), None, || {
                        format!(
                            "{TEAM_GROUPS}: the entry {key}: {team} is not a group name and a \
                             team id (a whole number); it is skipped"
                        )
                    }),
                }
            }
        }
        Err(_) if groups.is_nil() => {}
        Err(_) => crate::warnings::warn(TEAM_GROUPS, None, || {
            format!(
                "{TEAM_GROUPS}: {groups} is not a Dictionary of group names to team ids; no \
                 group is a team"
            )
        }),
    }
    TEAMS.with(|t| *t.borrow_mut() = std::rc::Rc::from(teams));
}

/// The most groups `aps/teams/groups` may name: each look at a target asks it about every one.
pub const MAX_TEAM_GROUPS: usize = 32;
