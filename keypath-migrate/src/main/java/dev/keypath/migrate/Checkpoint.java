package dev.keypath.migrate;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Where a run stands: for each scan segment, the last evaluated key of the last page whose writes DynamoDB
 * acknowledged (or that the segment is done), with the counts up to there. A run resumes each segment after its
 * key, so a page interrupted half-written is written again: puts by key, the same items overwritten (each carries
 * the marker of its source item, so the run tells such a page from a collision). It also
 * names the source, the target and the mapping's {@linkplain MigrationMapping#fingerprint() fingerprint}, which a
 * resumed run must match. Immutable.
 *
 * @param source   the source table
 * @param target   the target table
 * @param mapping  the mapping's fingerprint
 * @param segments one entry per scan segment, in segment order
 */
public record Checkpoint(String source, String target, String mapping, List<SegmentProgress> segments) {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** Copies the list. */
    public Checkpoint {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(mapping, "mapping");
        segments = List.copyOf(segments);
    }

    /**
     * One segment's progress.
     *
     * @param segment    the segment number
     * @param done       whether its last page is written
     * @param lastKey    the last evaluated key of its last written page; empty before the first
     * @param scanned    source items read in its written pages
     * @param written    items put into the target
     * @param unmatched  items no entity matched
     * @param invalid    items an entity matched that could not move
     * @param collisions items not written because another source item had its key path
     * @param readUnits  read capacity the scan consumed
     * @param writeUnits write capacity the puts consumed (retries included)
     * @param unchanged  items the run had nothing to write for (a rewrite's items already in their current form)
     * @param gone       items deleted by another writer before the run wrote them
     */
    public record SegmentProgress(int segment, boolean done, Map<String, AttributeValue> lastKey, long scanned,
                                  long written, long unmatched, long invalid, long collisions, double readUnits,
                                  double writeUnits, long unchanged, long gone) {
        /** Copies the key. */
        public SegmentProgress {
            lastKey = lastKey == null ? Map.of() : Map.copyOf(lastKey);
        }

        /** The progress of a run that counts no unchanged or gone items (a migration, a re-shard). */
        public SegmentProgress(int segment, boolean done, Map<String, AttributeValue> lastKey, long scanned,
                               long written, long unmatched, long invalid, long collisions, double readUnits,
                               double writeUnits) {
            this(segment, done, lastKey, scanned, written, unmatched, invalid, collisions, readUnits, writeUnits, 0,
                    0);
        }

        static SegmentProgress start(int segment) {
            return new SegmentProgress(segment, false, Map.of(), 0, 0, 0, 0, 0, 0, 0, 0, 0);
        }
    }

    /** A checkpoint at the start of every segment. */
    static Checkpoint start(String source, String target, String mapping, int segments) {
        List<SegmentProgress> all = new ArrayList<>();
        for (int i = 0; i < segments; i++) {
            all.add(SegmentProgress.start(i));
        }
        return new Checkpoint(source, target, mapping, all);
    }

    /** This checkpoint with {@code progress} replacing its segment's entry. */
    Checkpoint with(SegmentProgress progress) {
        List<SegmentProgress> all = new ArrayList<>(segments);
        all.set(progress.segment(), progress);
        return new Checkpoint(source, target, mapping, all);
    }

    /** Whether every segment is done. */
    public boolean done() {
        return segments.stream().allMatch(SegmentProgress::done);
    }

    /** Source items read in written pages, over all segments. */
    public long scanned() {
        return segments.stream().mapToLong(SegmentProgress::scanned).sum();
    }

    /** Items put into the target, over all segments. */
    public long written() {
        return segments.stream().mapToLong(SegmentProgress::written).sum();
    }

    /** Items not written because another source item had their key path, over all segments. */
    public long collisions() {
        return segments.stream().mapToLong(SegmentProgress::collisions).sum();
    }

    /** The checkpoint as JSON (what a {@link CheckpointStore} keeps). */
    public String toJson() {
        ObjectNode root = JSON.createObjectNode();
        root.put("source", source).put("target", target).put("mapping", mapping);
        ArrayNode list = root.putArray("segments");
        for (SegmentProgress s : segments) {
            ObjectNode n = list.addObject();
            n.put("segment", s.segment()).put("done", s.done()).put("scanned", s.scanned()).put("written", s.written())
                    .put("unmatched", s.unmatched()).put("invalid", s.invalid()).put("collisions", s.collisions())
                    .put("readUnits", s.readUnits())
                    .put("writeUnits", s.writeUnits()).put("unchanged", s.unchanged()).put("gone", s.gone());
            ObjectNode key = n.putObject("lastKey");
            s.lastKey().forEach((name, v) -> key.set(name, keyValue(v)));
        }
        return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root);
    }

    /**
     * Reads {@link #toJson()}'s form.
     *
     * @throws CheckpointMismatchException if the text is not a checkpoint
     */
    public static Checkpoint fromJson(String json) {
        try {
            JsonNode root = JSON.readTree(json);
            List<SegmentProgress> all = new ArrayList<>();
            for (JsonNode n : root.get("segments")) {
                Map<String, AttributeValue> key = new LinkedHashMap<>();
                for (Map.Entry<String, JsonNode> e : n.get("lastKey").properties()) {
                    key.put(e.getKey(), keyValue(e.getValue()));
                }
                all.add(new SegmentProgress(n.get("segment").asInt(), n.get("done").asBoolean(), key,
                        n.get("scanned").asLong(), n.get("written").asLong(), n.get("unmatched").asLong(),
                        n.get("invalid").asLong(), n.path("collisions").asLong(0), n.get("readUnits").asDouble(),
                        n.get("writeUnits").asDouble(), n.path("unchanged").asLong(0), n.path("gone").asLong(0)));
            }
            return new Checkpoint(root.get("source").asString(), root.get("target").asString(),
                    root.get("mapping").asString(), all);
        } catch (JacksonException | NullPointerException | IllegalArgumentException e) {
            throw new CheckpointMismatchException("not a migration checkpoint: " + e.getMessage());
        }
    }

    private static ObjectNode keyValue(AttributeValue v) {
        ObjectNode n = JSON.createObjectNode();
        if (v.s() != null) {
            n.put("S", v.s());
        } else if (v.n() != null) {
            n.put("N", v.n());
        } else if (v.b() != null) {
            n.put("B", Base64.getEncoder().encodeToString(v.b().asByteArrayUnsafe()));
        } else {
            throw new IllegalArgumentException("a key attribute is S, N or B, not " + v);
        }
        return n;
    }

    private static AttributeValue keyValue(JsonNode n) {
        if (n.has("S")) {
            return AttributeValue.fromS(n.get("S").asString());
        } else if (n.has("N")) {
            return AttributeValue.fromN(n.get("N").asString());
        } else if (n.has("B")) {
            return AttributeValue.fromB(SdkBytes.fromByteArray(Base64.getDecoder().decode(n.get("B").asString())));
        }
        throw new IllegalArgumentException("a key attribute is S, N or B");
    }
}
