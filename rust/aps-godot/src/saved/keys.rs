//! Naming targets so that a reloaded level finds them again: by the game's own stable id,
//! `ApsTargetComponent.persistent_id` (key `id:<id>`), else by the node's path from a root, the
//! current scene unless the game names one (key `path:<path>`). Place tags go by their names.

use crate::convert::{is_target_component, live_node_as, target_of, MaybeNull};
use crate::world_key::scene_tree;
use aps_core::save::Keys;
use aps_core::TargetId;
use godot::classes::Node;
use godot::prelude::*;
use std::collections::HashMap;

/// The root keys are taken from when the game names none: the current scene, else the tree's
/// root.
#[must_use]
pub fn default_root() -> Option<Gd<Node>> {
    let tree = scene_tree()?;
    tree.get_current_scene()
        .or_else(|| tree.get_root().maybe_null().map(Gd::upcast))
}

/// The key of a node that is not a target (a perceiver, a squad member): its path from `root`.
#[must_use]
pub fn path_key(root: Option<&Gd<Node>>, node: &Gd<Node>) -> String {
    match root {
        Some(r) if r.is_inside_tree() && node.is_inside_tree() => {
            format!("path:{}", r.get_path_to(node))
        }
        _ if node.is_inside_tree() => format!("path:{}", node.get_path()),
        // Out of the tree a node has no path: its name is all that can name it.
        _ => format!("path:{}", node.get_name()),
    }
}

/// The node a path key names from `root`.
#[must_use]
pub fn node_at(root: Option<&Gd<Node>>, key: &str) -> Option<Gd<Node>> {
    let path = NodePath::from(key.strip_prefix("path:")?);
    let node = match root {
        Some(r) => r.get_node_or_null(&path),
        None => scene_tree()?
            .get_root()
            .maybe_null()?
            .get_node_or_null(&path),
    }?;
    (!node.is_queued_for_deletion()).then_some(node)
}

/// The stable id `body` carries in an ApsTargetComponent child, if any.
#[must_use]
pub fn persistent_id_of(body: &Gd<Node>) -> Option<String> {
    body.get_children().iter_shared().find_map(|c| {
        let id = component_id(&c)?;
        (!id.is_empty()).then_some(id)
    })
}

/// The persistent id `node` gives, if it is a target component (3D or 2D). Asked by class
/// and property name: the components are classes of the layer above.
fn component_id(node: &Gd<Node>) -> Option<String> {
    is_target_component(node)
        .then(|| node.get("persistent_id").try_to::<GString>().ok())
        .flatten()
        .map(|id| id.to_string())
}

/// The target component classes, 3D and 2D.
const COMPONENT_CLASSES: [&str; 2] = ["ApsTargetComponent", "ApsTargetComponent2D"];

/// Every target component (3D and 2D) under `root`.
fn components_under(root: &Gd<Node>) -> Vec<Gd<Node>> {
    let mut out = Vec::new();
    for class in COMPONENT_CLASSES {
        let found = root.find_children_ex("*").type_(class).owned(false).done();
        out.extend(found.iter_shared());
    }
    out
}

/// The key of any node: its stable id, else its path.
#[must_use]
pub fn node_key(root: Option<&Gd<Node>>, node: &Gd<Node>) -> String {
    match persistent_id_of(node) {
        Some(id) => format!("id:{id}"),
        None => path_key(root, node),
    }
}

/// The target a key names now, under `root`.
#[must_use]
pub fn find_node(
    root: Option<&Gd<Node>>,
    ids: &HashMap<String, Gd<Node>>,
    key: &str,
) -> Option<Gd<Node>> {
    if let Some(id) = key.strip_prefix("id:") {
        return ids.get(id).cloned().filter(|n| n.is_instance_valid());
    }
    node_at(root, key)
}

/// Every stable id in the tree, with the node it makes perceivable: those under `root` first
/// (an id given twice under it is warned of), then those elsewhere that are not under it (a
/// player kept outside the level being loaded).
#[must_use]
pub fn persistent_ids(root: Option<&Gd<Node>>) -> HashMap<String, Gd<Node>> {
    let mut out = ids_under(root);
    let tree_root = scene_tree()
        .and_then(|t| t.get_root().maybe_null())
        .map(Gd::upcast::<Node>);
    if let (Some(r), Some(t)) = (root, tree_root) {
        if *r != t {
            for c in components_under(&t) {
                let Some(id) = component_id(&c) else {
                    continue;
                };
                if let (false, Some(parent)) = (id.is_empty(), c.get_parent()) {
                    out.entry(id).or_insert(parent);
                }
            }
        }
    }
    out
}

/// Every stable id under `root`.
fn ids_under(root: Option<&Gd<Node>>) -> HashMap<String, Gd<Node>> {
    let mut out = HashMap::new();
    let Some(root) = root else {
        return out;
    };
    for c in components_under(root) {
        let Some(id) = component_id(&c) else {
            continue;
        };
        if let (false, Some(parent)) = (id.is_empty(), c.get_parent()) {
            if out.insert(id.clone(), parent).is_some() {
                crate::warnings::warn(
                    &format!("persistent_id {id}"),
                    Some(root.instance_id()),
                    || {
                        format!("ApsTargetComponent.persistent_id: \"{id}\" is given to more than one target \
                     under {}; a saved belief in it reconnects to one of them",
                    root.get_path())
                    },
                );
            }
        }
    }
    out
}

/// The keys of one save or load, from one root.
/// Where the names of place tags are kept (the `ApsWorld` class, a layer above): a save names
/// each tag, a load numbers each name again.
pub trait TagBook {
    /// The name of tag `tag`.
    fn name(&self, tag: u32) -> String;
    /// The number of the tag named `name`, numbered now if it is new.
    fn index(&self, name: &str) -> u32;
}

pub struct SceneKeys {
    root: Option<Gd<Node>>,
    tags: &'static dyn TagBook,
    /// Stable ids found under the root (read once, when a load first asks).
    ids: Option<HashMap<String, Gd<Node>>>,
    /// The loading AI's own nodes (its bodies, its component): never believed in.
    own: Vec<aps_core::TargetId>,
    /// The kind of node the loading AI believes in: 2D (`Some(true)`), 3D, or either. A belief
    /// naming a node of the other kind is a missing target (it lives in another world).
    two_d: Option<bool>,
    /// Beliefs whose target was found, but of the other kind than the loading AI's.
    wrong_kind: std::cell::Cell<u32>,
}

impl SceneKeys {
    /// Keys for a save: each target is named as it is found.
    #[must_use]
    pub fn for_save(root: Option<Gd<Node>>, tags: &'static dyn TagBook) -> Self {
        SceneKeys {
            root,
            tags,
            ids: None,
            own: Vec::new(),
            two_d: None,
            wrong_kind: std::cell::Cell::new(0),
        }
    }

    /// Keys for a load: the stable ids under `root` are read once, now.
    #[must_use]
    pub fn for_load(root: Option<Gd<Node>>, tags: &'static dyn TagBook) -> Self {
        let ids = Some(persistent_ids(root.as_ref()));
        SceneKeys {
            root,
            tags,
            ids,
            own: Vec::new(),
            two_d: None,
            wrong_kind: std::cell::Cell::new(0),
        }
    }

    /// The AI that loads now is a 2D one (`two_d`) or a 3D one: it believes only in nodes of
    /// its kind.
    pub fn set_kind(&mut self, two_d: bool) {
        self.two_d = Some(two_d);
    }

    /// How many beliefs named a node of the other kind than the loading AI's (and were taken
    /// as missing targets); counting starts again.
    pub fn take_wrong_kind(&self) -> u32 {
        self.wrong_kind.replace(0)
    }

    /// The nodes of the AI that loads now: a belief naming one of them is dropped.
    pub fn set_own(&mut self, own: impl IntoIterator<Item = InstanceId>) {
        self.own = own
            .into_iter()
            .map(|id| aps_core::TargetId(id.to_i64() as u64))
            .collect();
    }

    /// The node a key names now.
    pub fn node(&mut self, key: &str) -> Option<Gd<Node>> {
        let root = self.root.clone();
        let ids = self
            .ids
            .get_or_insert_with(|| persistent_ids(root.as_ref()));
        find_node(root.as_ref(), ids, key)
    }
}

impl Keys for SceneKeys {
    fn key_of(&self, target: TargetId) -> Option<String> {
        let node = live_node_as::<Node>(target)?;
        Some(node_key(self.root.as_ref(), &node))
    }

    fn target_of(&self, key: &str) -> Option<TargetId> {
        let node = match key.strip_prefix("id:") {
            Some(id) => match &self.ids {
                Some(ids) => ids.get(id).cloned(),
                None => persistent_ids(self.root.as_ref()).remove(id),
            },
            None => node_at(self.root.as_ref(), key),
        }?;
        // A target has a place: a Node3D, or a Node2D for 2D perceivers; one of the other kind
        // than the loading AI's is in another world.
        let kind_ok = match (crate::dim::Spatial::of(&node), self.two_d) {
            (None, _) => false,
            (Some(_), None) => true,
            (Some(crate::dim::Spatial::Two(_)), Some(two_d)) => two_d,
            (Some(crate::dim::Spatial::Three(_)), Some(two_d)) => !two_d,
        };
        if !node.is_instance_valid() {
            return None;
        }
        if !kind_ok {
            self.wrong_kind.set(self.wrong_kind.get().saturating_add(1));
            return None;
        }
        Some(target_of(&node))
    }

    fn tag_name(&self, tag: u32) -> String {
        self.tags.name(tag)
    }

    fn is_own(&self, target: TargetId) -> bool {
        self.own.contains(&target)
    }

    fn tag_of(&mut self, name: &str) -> u32 {
        self.tags.index(name)
    }
}

/// The keys of a world's stimuli: nodes by [`node_key`] from one root, tags and squads by name.
/// It holds a copy of the world's squads, so that it needs nothing of the world it restores.
pub struct WorldSceneKeys<'a> {
    scene: &'a SceneKeys,
    tags: &'a mut crate::names::Names,
    /// The world's squads by number, and by name: a saved report names its squad.
    squad_names: HashMap<u32, String>,
    squad_numbers: HashMap<String, u32>,
}

impl<'a> WorldSceneKeys<'a> {
    /// Keys from `scene`, tags interned in `tags`, and the world's `squads` (number and name).
    #[must_use]
    pub fn new(
        scene: &'a SceneKeys,
        tags: &'a mut crate::names::Names,
        squads: Vec<(u32, String)>,
    ) -> Self {
        let squad_numbers = squads.iter().map(|(n, s)| (s.clone(), *n)).collect();
        WorldSceneKeys {
            scene,
            tags,
            squad_names: squads.into_iter().collect(),
            squad_numbers,
        }
    }
}

impl aps_core::world::WorldKeys for WorldSceneKeys<'_> {
    fn node_key(&self, id: u64) -> Option<String> {
        let node = Gd::<Node>::try_from_instance_id(InstanceId::try_from_i64(id as i64)?).ok()?;
        Some(node_key(self.scene.root.as_ref(), &node))
    }

    fn node_id(&self, key: &str) -> Option<u64> {
        let node = match key.strip_prefix("id:") {
            Some(id) => self.scene.ids.as_ref()?.get(id).cloned(),
            None => node_at(self.scene.root.as_ref(), key),
        }?;
        node.is_instance_valid()
            .then(|| node.instance_id().to_i64() as u64)
    }

    fn tag_name(&self, tag: u32) -> String {
        self.tags.name(tag).to_string()
    }

    fn tag_of(&mut self, name: &str) -> u32 {
        self.tags.intern(&StringName::from(name))
    }

    fn squad_name(&self, squad: u32) -> String {
        self.squad_names.get(&squad).cloned().unwrap_or_default()
    }

    fn squad_of(&self, name: &str) -> Option<u32> {
        self.squad_numbers.get(name).copied()
    }
}
