/* global module */
// node-polyglot's `object.entries` polyfill drags get-intrinsic and friends into the bundle; every
// browser Lantern supports has the native function.
module.exports = Object.entries;
