// The page's entry: the lobby at "/", a table at "/t/{id}", a finished game's replay at "/r/{id}",
// a person's profile at "/p/{name}", the leaderboards at "/leaders".
import { lobby } from "./lobby.js";
import { leaders, person } from "./people.js";
import { replay } from "./replay.js";
import { table } from "./table.js";
import { say } from "./util.js";

const path = location.pathname.match(/^\/([tr])\/([^/]+)/);
const profile = location.pathname.match(/^\/p\/([^/]+)/);
if (profile) person(decodeURIComponent(profile[1])).catch((error) => say(error.message));
else if (location.pathname === "/leaders") leaders().catch((error) => say(error.message));
else if (path && path[1] === "t") table(decodeURIComponent(path[2]));
else if (path) replay(decodeURIComponent(path[2])).catch((error) => say(error.message));
else lobby().catch((error) => say(error.message));
