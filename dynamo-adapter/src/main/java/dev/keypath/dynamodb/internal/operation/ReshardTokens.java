package dev.keypath.dynamodb.internal.operation;

import dev.keypath.ShardKeys;
import dev.keypath.dynamodb.InvalidPageTokenException;
import dev.keypath.dynamodb.internal.request.CheckedQuery;
import dev.keypath.dynamodb.internal.request.PageTokens;
import dev.keypath.dynamodb.internal.request.SchemaRegistry;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The check of a sharded query's page token, which says when a refused token was made for the query's partitions as
 * they were before or during a re-shard ({@code @Sharded(formerCount)}) rather than calling it altered: the token is
 * tried against the fingerprints of those layouts (the former layout alone, the former and new layouts together, or
 * the shard count its positions hold), and a match names the re-shard. Stateless.
 */
final class ReshardTokens {
    private ReshardTokens() {
    }

    /**
     * The payload of {@code token} for a query over {@code former} then {@code newKeys}; an
     * {@link InvalidPageTokenException} naming the re-shard when it was made for the partitions before or during one.
     */
    static byte[] verify(PageTokens tokens, String token, CheckedQuery checked, SchemaRegistry registry,
                         List<byte[]> former, List<byte[]> newKeys) {
        List<byte[]> all = new ArrayList<>(former);
        all.addAll(newKeys);
        try {
            return tokens.verify(token, ShardedQueryPager.fingerprint(checked.fingerprint(), all, former.size()));
        } catch (InvalidPageTokenException e) {
            String why = madeFor(tokens, token, checked, registry, former, newKeys);
            throw why == null ? e : new InvalidPageTokenException(why + "; start the listing again");
        }
    }

    /** When {@code token} was made, if for this query before or during a re-shard; else null. */
    private static String madeFor(PageTokens tokens, String token, CheckedQuery checked, SchemaRegistry registry,
                                  List<byte[]> former, List<byte[]> newKeys) {
        byte[] query = checked.fingerprint();
        byte[] pk = checked.range().partitionKey();
        String reshards = reshards(registry, checked);
        if (!former.isEmpty()) {
            List<byte[]> before = new ArrayList<>();
            if (newKeys.stream().anyMatch(k -> Arrays.equals(k, pk))) {
                before.add(pk); // an unsharded type shares the partition
            }
            for (byte[] f : former) {
                if (before.stream().noneMatch(k -> Arrays.equals(k, f))) {
                    before.add(f);
                }
            }
            boolean unshardedBefore = before.size() == 1 && Arrays.equals(before.get(0), pk);
            if (unshardedBefore ? unshardedToken(tokens, token, query)
                    : tokens.signedFor(token, ShardedQueryPager.fingerprint(query, before))) {
                return "the token was made before the re-shard of " + reshards + " started";
            }
            return null;
        }
        int held = positions(token);
        if (held <= 0) {
            return unshardedToken(tokens, token, query) ? "the token was made before " + sharded(registry, checked)
                    + " was sharded" : null;
        }
        int shards = newKeys.size() - (Arrays.equals(newKeys.get(0), pk) ? 1 : 0);
        int formerHeld = held - newKeys.size();
        if (formerHeld >= 1 && during(tokens, token, query, pk, newKeys, formerHeld)) {
            return "the token was made while a re-shard of " + sharded(registry, checked) + " to " + shards
                    + " shards ran, over both layouts";
        }
        for (boolean unsharded : new boolean[] {false, true}) {
            List<byte[]> partitions = new ArrayList<>();
            if (unsharded) {
                partitions.add(pk);
            }
            for (int shard = 0; partitions.size() < held; shard++) {
                partitions.add(ShardKeys.encode(pk, shard));
            }
            if (tokens.signedFor(token, ShardedQueryPager.fingerprint(query, partitions))) {
                return "the token was made when " + sharded(registry, checked) + " was stored in "
                        + (held - (unsharded ? 1 : 0)) + " shards, before a re-shard to " + shards + " shards";
            }
        }
        return null;
    }

    /** Whether {@code token} is for a layout of {@code k} former shards (or the unsharded partition) and the new one. */
    private static boolean during(PageTokens tokens, String token, byte[] query, byte[] pk, List<byte[]> newKeys,
                                  int k) {
        List<byte[]> shards = new ArrayList<>();
        for (int shard = 0; shard < k; shard++) {
            shards.add(ShardKeys.encode(pk, shard));
        }
        shards.addAll(newKeys);
        if (tokens.signedFor(token, ShardedQueryPager.fingerprint(query, shards, k))) {
            return true;
        }
        if (k != 1) {
            return false;
        }
        List<byte[]> fromUnsharded = new ArrayList<>(List.of(pk));
        fromUnsharded.addAll(newKeys);
        return tokens.signedFor(token, ShardedQueryPager.fingerprint(query, fromUnsharded, 1));
    }

    /** Whether {@code token} is a token of the query over its one unsharded partition. */
    private static boolean unshardedToken(PageTokens tokens, String token, byte[] query) {
        try {
            tokens.decode(token, query);
            return true;
        } catch (InvalidPageTokenException e) {
            return false;
        }
    }

    /** The number of partition positions a sharded token's payload holds, or 0 when it is not one. */
    private static int positions(String token) {
        byte[] payload = PageTokens.unverifiedPayload(token);
        if (payload == null || payload.length < 3 || payload[0] != 2) {
            return 0;
        }
        return ByteBuffer.wrap(payload, 1, 2).getShort() & 0xFFFF;
    }

    /** The re-sharded types the query reads, with their layouts: {@code Event from calculated(4, ...) to ...}. */
    private static String reshards(SchemaRegistry registry, CheckedQuery checked) {
        List<String> names = new ArrayList<>();
        for (DefaultItemSchema<?> s : registry.schemas()) {
            if (readBy(s, checked) && s.resharding()) {
                names.add(s.typeName() + " from " + s.formerLayoutName() + " to " + s.layoutName());
            }
        }
        return names.isEmpty() ? "its types" : String.join(", ", names);
    }

    /** The sharded types the query reads. */
    private static String sharded(SchemaRegistry registry, CheckedQuery checked) {
        List<String> names = new ArrayList<>();
        for (DefaultItemSchema<?> s : registry.schemas()) {
            if (readBy(s, checked) && s.shards() != null) {
                names.add(s.typeName());
            }
        }
        return names.isEmpty() ? "its types" : String.join(", ", names);
    }

    private static boolean readBy(DefaultItemSchema<?> s, CheckedQuery checked) {
        return s.keyPathTemplate().namespace(0).equals(checked.range().from().namespace(0))
                && (checked.typeNames().isEmpty() || checked.typeNames().contains(s.typeName()));
    }
}
