// Loaded with a dynamic import so that framer-motion's animation code stays out of the
// first-load JavaScript.
import { domAnimation } from "framer-motion"

export default domAnimation
