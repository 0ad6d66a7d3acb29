//! What an `ApsProfile` does with its settings: validate them, list them, exchange them as
//! TOML, and hand the core its validated `Profile`.

use super::resource::ApsProfile;
use aps_core::Profile;
use godot::classes::file_access::ModeFlags;
use godot::classes::FileAccess;
use godot::global::Error;
use godot::prelude::*;

#[godot_api(secondary)]
impl ApsProfile {
    /// Settings problems of this profile, one line per bad value, naming the property and the
    /// value used instead. Empty when every value is legal.
    #[func]
    pub fn validate(&self) -> PackedStringArray {
        let mut p = Profile::default();
        self.write_core(&mut p);
        p.validate()
            .iter()
            .map(|issue| GString::from(&self.describe(issue)))
            .collect()
    }

    /// Every setting as a Dictionary of property name to value.
    #[func]
    pub fn to_dict(&self) -> VarDictionary {
        let mut d = VarDictionary::new();
        for setting in Profile::SETTINGS {
            d.set(setting.inspector, &self.base().get(setting.inspector));
        }
        d
    }

    /// Saves the settings as TOML (the core's format) to `path` (`res://`, `user://` or a file
    /// path). Returns OK or the file error.
    #[func]
    pub fn save_toml(&self, path: GString) -> Error {
        let mut p = Profile::default();
        self.write_core(&mut p);
        let text = match p.to_toml_string() {
            Ok(t) => t,
            Err(e) => {
                self.error_once("save_toml", || format!("ApsProfile.save_toml({path}): {e}"));
                return Error::ERR_INVALID_DATA;
            }
        };
        let Some(mut file) = FileAccess::open(&path, ModeFlags::WRITE) else {
            let err = FileAccess::get_open_error();
            self.error_once("save_toml", || {
                format!("ApsProfile.save_toml: cannot write {path}: {err:?}")
            });
            return err;
        };
        file.store_string(&text);
        file.close();
        Error::OK
    }

    /// Loads settings from a TOML file. Missing settings take the APS defaults; bad values are
    /// clamped with a warning each. On a read or parse error nothing changes and the error is
    /// returned.
    #[func]
    pub fn load_toml(&mut self, path: GString) -> Error {
        if !FileAccess::file_exists(&path) {
            self.error_once("load_toml", || {
                format!("ApsProfile.load_toml: no file at {path}")
            });
            return Error::ERR_FILE_NOT_FOUND;
        }
        let text = FileAccess::get_file_as_string(&path).to_string();
        match Profile::from_toml_str(&text) {
            Ok((p, issues)) => {
                // Each problem of the file, once (a game loading it again and again hears of
                // each at most once a second).
                let me = self.base().instance_id();
                for issue in &issues {
                    let what = format!("ApsProfile.load_toml {}", issue.field);
                    crate::warnings::warn(&what, Some(me), || self.describe(issue));
                }
                self.read_core(&p);
                self.revision = self.revision.wrapping_add(1);
                self.queue_changed(true);
                Error::OK
            }
            Err(e) => {
                self.error_once("load_toml", || format!("ApsProfile.load_toml({path}): {e}"));
                Error::ERR_PARSE_ERROR
            }
        }
    }
}

impl ApsProfile {
    /// Changes with every edit; a component rebuilds its core profile when it moves.
    #[must_use]
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The core profile, validated: each bad value is reported with `push_warning`, naming
    /// the property, and clamped here too, so the inspector shows the value in use.
    pub fn core_profile(&mut self) -> Profile {
        let mut p = Profile::default();
        self.write_core(&mut p);
        let issues = p.validate();
        if !issues.is_empty() {
            // The values are fixed here, so an issue comes back only when a script sets the
            // bad value again: at most once a second if it does so every frame.
            let me = self.base().instance_id();
            for issue in &issues {
                let what = format!("ApsProfile {}", issue.field);
                crate::warnings::warn(&what, Some(me), || self.describe(issue));
            }
            self.read_core(&p);
        }
        p
    }

    /// Says the error `message` of `call` on this profile: once, then at most once a second
    /// while a script repeats the call (see `warnings`).
    fn error_once(&self, call: &str, message: impl FnOnce() -> String) {
        crate::warnings::error(
            &format!("ApsProfile.{call}"),
            Some(self.base().instance_id()),
            message,
        );
    }

    /// A core issue in the inspector's words: property names instead of TOML paths.
    fn describe(&self, issue: &aps_core::ProfileIssue) -> String {
        let name = Profile::inspector_name(&issue.field).unwrap_or(&issue.field);
        let mut message = issue.message.clone();
        for setting in Profile::SETTINGS {
            if message.contains(setting.path) {
                message = message.replace(setting.path, setting.inspector);
            }
        }
        let source = self.base().get_path();
        let source = if source.is_empty() {
            String::from("(unsaved)")
        } else {
            source.to_string()
        };
        format!("ApsProfile {source}: {name}: {message}")
    }
}
