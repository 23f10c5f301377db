//! The user's name for the records of games played at the terminal: `--name`, else the name of
//! the account the game is played from.

/// The name records give the user when `--name` is not given: the account's login name, as
/// `USER` (or `LOGNAME`) says, else as the system's user database has it for this process's
/// user; `Human` where neither says.
pub fn default_name(var: impl Fn(&str) -> Option<String>) -> String {
    ["USER", "LOGNAME"]
        .iter()
        .find_map(|v| var(v).filter(|n| usable(n)))
        .or_else(login_name)
        .unwrap_or_else(|| "Human".to_string())
}

/// Whether `name` can name a player: not empty, and no control characters (a record's tag
/// holds one line).
pub fn usable(name: &str) -> bool {
    !name.trim().is_empty() && !name.chars().any(char::is_control)
}

/// The login name of this process's user in the system's user database (getpwuid(3), which
/// std's libc already links; declared here, as no crate is needed for one call).
#[cfg(unix)]
fn login_name() -> Option<String> {
    use std::ffi::{CStr, c_char};
    /// The start of `struct passwd`: `pw_name` is its first member on every Unix.
    #[repr(C)]
    struct Passwd {
        pw_name: *const c_char,
    }
    unsafe extern "C" {
        fn getuid() -> u32;
        fn getpwuid(uid: u32) -> *const Passwd;
    }
    // SAFETY: getuid cannot fail; getpwuid returns null or a pointer to a record (valid until
    // the next call, read at once here) whose first member is the name, null or a C string.
    unsafe {
        let record = getpwuid(getuid());
        if record.is_null() || (*record).pw_name.is_null() {
            return None;
        }
        let name = CStr::from_ptr((*record).pw_name)
            .to_string_lossy()
            .into_owned();
        usable(&name).then_some(name)
    }
}

#[cfg(not(unix))]
fn login_name() -> Option<String> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_environment_names_the_user_first() {
        let env = |name: &str| (name == "USER").then(|| "rg".to_string());
        assert_eq!(default_name(env), "rg");
        let env = |name: &str| match name {
            "USER" => Some(String::new()),
            "LOGNAME" => Some("greenblatt".to_string()),
            _ => None,
        };
        assert_eq!(default_name(env), "greenblatt");
    }

    #[cfg(unix)]
    #[test]
    fn without_it_the_user_database_names_the_account() {
        // `id -un` reads the same database.
        let id = std::process::Command::new("id").arg("-un").output();
        let Ok(id) = id else {
            return; // no `id` to compare with
        };
        let expected = String::from_utf8_lossy(&id.stdout).trim().to_string();
        assert_eq!(default_name(|_| None), expected);
    }

    #[test]
    fn a_name_is_one_line() {
        assert!(usable("Richard Greenblatt"));
        assert!(!usable(" "));
        assert!(!usable("a\nb"));
    }
}
