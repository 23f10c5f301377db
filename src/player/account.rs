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

/// The login name of this process's user in the system's user database (getpwuid_r(3)).
#[cfg(unix)]
fn login_name() -> Option<String> {
    use std::ffi::CStr;
    let mut record = std::mem::MaybeUninit::<libc::passwd>::uninit();
    let mut found: *mut libc::passwd = std::ptr::null_mut();
    let mut buffer = vec![0 as libc::c_char; 16 * 1024];
    // SAFETY: getuid cannot fail; getpwuid_r fills `record`, whose strings point into `buffer`
    // (valid for its length), and sets `found` to `record` or to null when there is none.
    let code = unsafe {
        libc::getpwuid_r(
            libc::getuid(),
            record.as_mut_ptr(),
            buffer.as_mut_ptr(),
            buffer.len(),
            &mut found,
        )
    };
    if code != 0 || found.is_null() {
        return None;
    }
    // SAFETY: `found` points at `record`, filled by getpwuid_r; its name is null or a C string
    // in `buffer`, which outlives this read.
    let name = unsafe {
        let name = (*found).pw_name;
        if name.is_null() {
            return None;
        }
        CStr::from_ptr(name).to_string_lossy().into_owned()
    };
    usable(&name).then_some(name)
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
