/**
 * Which keys and which operation: key spaces, key distributions, and new keys for inserts partitioned between
 * workers and processes.
 */
package stress.keys;
