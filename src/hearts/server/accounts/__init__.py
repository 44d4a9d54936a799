"""Accounts, optional (docs/accounts.md): sign up with a name and a password, sign in and out,
change the password, reset a forgotten one with the recovery code shown at sign-up, download
your data, delete the account. Guests play as ever; a signed-in person's seats are tied to the
account (``seats.account_id``), so the seat shows the account's name and a rejoin from another
device works (``POST /api/tables/{key}/rejoin``).

- Passwords and recovery codes are kept as Argon2id hashes (argon2-cffi's
  :class:`~argon2.PasswordHasher`, its default parameters: RFC 9106's low-memory profile), and
  hashed again when those parameters change.
- A session is a random id in a cookie (HttpOnly, SameSite=Lax, Path=/, Secure when the request
  came over HTTPS, as uvicorn sees it behind a trusted proxy's ``X-Forwarded-Proto``); the
  store keeps only its sha256. A new id at every sign-in; 30 days from the last use.
- Every request of this module's that changes something is refused (403) when it comes from
  another site's page (:func:`same_site`), as is a table made or joined with the cookie.
- Failed sign-ins are throttled (:class:`SignInThrottle`) per address and per name and address,
  never per name alone: a stranger cannot lock anyone out. An unknown name costs a hash as a
  wrong password does, and is answered with the same words.

Other parts use :func:`signed_in` (a FastAPI dependency) and :class:`SignedIn`.

The package holds four rooms, each of one concern; every name is importable from
``hearts.server.accounts`` as it was when the accounts were one module:
:mod:`~hearts.server.accounts.passwords` (names, passwords, recovery codes and their hashing),
:mod:`~hearts.server.accounts.throttle` (failed sign-ins), :mod:`~hearts.server.accounts.kept`
(the accounts in the store) and :mod:`~hearts.server.accounts.api` (the requests, and the seats
tied in memory). A test that puts a cheaper hasher in puts it in
``hearts.server.accounts.passwords.HASHER``, where every hash is made.
"""

from __future__ import annotations

from hearts.server.accounts.api import (
    COOKIE,
    HELD_MOST,
    AccountData,
    AccountInfo,
    Done,
    HeldSeat,
    Me,
    PasswordChange,
    PasswordCheck,
    Person,
    Recovery,
    Rejoined,
    Reset,
    SignIn,
    SignUp,
    Welcome,
    account_info,
    carry_accounts,
    change_password,
    cluster_handlers,
    delete_account,
    export,
    fresh_token,
    new_recovery,
    person,
    rejoin,
    reset_password,
    router,
    same_site,
    sign_in,
    sign_out,
    sign_up,
    signed_in,
    tie_seat,
)
from hearts.server.accounts.kept import (
    SEEN_EVERY,
    SESSION_LIFE,
    SESSIONS_MOST,
    SignedIn,
    seat_accounts,
)
from hearts.server.accounts.passwords import (
    DELETED_NAME,
    HASHER,
    HASHING_MOST,
    HASHING_PER_ADDRESS,
    PASSWORD_LONGEST,
    PASSWORD_SHORTEST,
    RECOVERY_GROUPS,
    WRONG,
    checked_account_name,
    name_key,
    new_recovery_code,
)
from hearts.server.accounts.passwords import _hashing_now as _hashing_now
from hearts.server.accounts.throttle import SignInThrottle

__all__ = [
    "COOKIE",
    "DELETED_NAME",
    "SignInThrottle",
    "SignedIn",
    "checked_account_name",
    "name_key",
    "router",
    "same_site",
    "signed_in",
    # Importable from here as before the split (the server's other modules and its tests):
    "AccountData",
    "AccountInfo",
    "Done",
    "HASHER",
    "HASHING_MOST",
    "HASHING_PER_ADDRESS",
    "HELD_MOST",
    "HeldSeat",
    "Me",
    "PASSWORD_LONGEST",
    "PASSWORD_SHORTEST",
    "PasswordChange",
    "PasswordCheck",
    "Person",
    "RECOVERY_GROUPS",
    "Recovery",
    "Rejoined",
    "Reset",
    "SEEN_EVERY",
    "SESSIONS_MOST",
    "SESSION_LIFE",
    "SignIn",
    "SignUp",
    "WRONG",
    "Welcome",
    "account_info",
    "carry_accounts",
    "change_password",
    "cluster_handlers",
    "delete_account",
    "export",
    "fresh_token",
    "new_recovery",
    "new_recovery_code",
    "person",
    "rejoin",
    "reset_password",
    "seat_accounts",
    "sign_in",
    "sign_out",
    "sign_up",
    "tie_seat",
]
