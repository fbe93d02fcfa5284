/** {@code stress analyze --shard-key}: the candidate key paths ranked, in words ({@code ShardKeyText}) and as JSON. */
package stress.app.shardkey;
