// The server process of the publisher's kill tests: server/main.ts with the code it compares a
// change with taken from the test's content repository (TEST_SERVER_ROOT), as testApp does.
import { serve } from "../main"

serve({ serverRoot: process.env.TEST_SERVER_ROOT })
