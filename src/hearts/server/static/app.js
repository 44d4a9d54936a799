// The page's entry: the lobby at "/", a table at "/t/{id}", a finished game's replay at "/r/{id}".
import { lobby } from "./lobby.js";
import { replay } from "./replay.js";
import { table } from "./table.js";
import { say } from "./util.js";

const path = location.pathname.match(/^\/([tr])\/([^/]+)/);
if (path && path[1] === "t") table(decodeURIComponent(path[2]));
else if (path) replay(decodeURIComponent(path[2])).catch((error) => say(error.message));
else lobby().catch((error) => say(error.message));
