// The page's entry: the lobby at "/", a table at "/t/{id}", a finished game's replay at "/r/{id}",
// a person's profile at "/p/{name}", the leaderboards at "/leaders", the duplicate events at
// "/events", an event at "/e/{key}" and everyone's play of its deal n at "/e/{key}/deal/{n}".
import { dealPage, eventPage, eventsList } from "./events.js";
import { lobby } from "./lobby.js";
import { leaders, person } from "./people.js";
import { replay } from "./replay.js";
import { table } from "./table.js";
import { say } from "./util.js";

const fail = (error) => say(error.message);
const where = location.pathname;
const path = where.match(/^\/([tr])\/([^/]+)/);
const profile = where.match(/^\/p\/([^/]+)/);
const event = where.match(/^\/e\/([^/]+)\/?$/);
const deal = where.match(/^\/e\/([^/]+)\/deal\/(\d+)\/?$/);
if (profile) person(decodeURIComponent(profile[1])).catch(fail);
else if (where === "/leaders") leaders().catch(fail);
else if (where === "/events") eventsList().catch(fail);
else if (event) eventPage(decodeURIComponent(event[1])).catch(fail);
else if (deal) dealPage(decodeURIComponent(deal[1]), Number(deal[2])).catch(fail);
else if (path && path[1] === "t") table(decodeURIComponent(path[2]));
else if (path) replay(decodeURIComponent(path[2])).catch(fail);
else lobby().catch(fail);
