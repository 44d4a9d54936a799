// The page's entry: the lobby at "/", a table at "/t/{id}".
import { lobby } from "./lobby.js";
import { table } from "./table.js";
import { say } from "./util.js";

const path = location.pathname.match(/^\/t\/([^/]+)/);
if (path) table(decodeURIComponent(path[1]));
else lobby().catch((error) => say(error.message));
