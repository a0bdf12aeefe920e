// The game page. Each module has one job and talks to the others only through `game`
// (store.js): its state and events. To add a module, import it below.
import { connect } from "./connection.js";
import "./status.js";
import "./errors.js";
import "./prompt.js";
import "./keys.js";
import "./board.js";
import "./panzoom.js";
import "./counters.js";
import "./markers.js";
import "./play.js";
import "./tray.js";
import "./combat.js";
import "./tracks.js";
import "./boxes.js";
import "./legend.js";
import "./actions.js";
import "./hand.js";
import "./undo.js";
import "./history.js";
import "./visits.js";
import "./a11y.js";
import "./situation.js";
import "./log.js";
import "./chat.js";
import "./notes.js";
import "./tabs.js";
import "./clock.js";

connect();
