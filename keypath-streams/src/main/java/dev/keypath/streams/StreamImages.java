package dev.keypath.streams;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The values of a stream record's image as DynamoDB stored them. DynamoDB Local writes an empty map
 * ({@code {"M": {}}}), at any depth, as a value with no type at all ({@code {}}), which the SDK reads as an
 * {@link AttributeValue} of type {@code UNKNOWN_TO_SDK_VERSION}: such a value is read back as the empty map it was.
 * A value that is missing altogether (a null, or a null member of a set), which only a hand-made or damaged record
 * holds, makes the image unreadable. Stateless.
 */
final class StreamImages {
    private static final AttributeValue EMPTY_MAP = AttributeValue.fromM(Map.of());

    /** An image with its typeless values read as empty maps, and the names of the attributes that had one. */
    record Image(Map<String, AttributeValue> attributes, List<String> typeless) {
    }

    private StreamImages() {
    }

    /**
     * {@code image} with every typeless value replaced by an empty map (the same map when there is none).
     *
     * @throws IllegalArgumentException naming the attribute whose value is missing
     */
    static Image read(Map<String, AttributeValue> image) {
        List<String> typeless = new ArrayList<>();
        Map<String, AttributeValue> read = map(image, "", typeless);
        return new Image(read, List.copyOf(typeless));
    }

    private static Map<String, AttributeValue> map(Map<String, AttributeValue> m, String path,
                                                   List<String> typeless) {
        Map<String, AttributeValue> out = null;
        for (Map.Entry<String, AttributeValue> e : m.entrySet()) {
            String at = path.isEmpty() ? e.getKey() : path + "." + e.getKey();
            AttributeValue v = e.getValue();
            AttributeValue read = value(v, at, typeless);
            if (read != v && out == null) {
                out = new LinkedHashMap<>(m);
            }
            if (out != null) {
                out.put(e.getKey(), read);
            }
        }
        return out == null ? m : out;
    }

    private static AttributeValue value(AttributeValue v, String at, List<String> typeless) {
        if (v == null) {
            throw new IllegalArgumentException("attribute '" + at + "' has no value");
        }
        switch (v.type()) {
            case M -> {
                Map<String, AttributeValue> read = map(v.m(), at, typeless);
                return read == v.m() ? v : AttributeValue.fromM(read);
            }
            case L -> {
                List<AttributeValue> out = null;
                List<AttributeValue> l = v.l();
                for (int i = 0; i < l.size(); i++) {
                    AttributeValue e = l.get(i);
                    AttributeValue read = value(e, at + "[" + i + "]", typeless);
                    if (read != e && out == null) {
                        out = new ArrayList<>(l);
                    }
                    if (out != null) {
                        out.set(i, read);
                    }
                }
                return out == null ? v : AttributeValue.fromL(out);
            }
            case SS, NS, BS -> {
                List<?> members = v.type() == AttributeValue.Type.SS ? v.ss()
                        : v.type() == AttributeValue.Type.NS ? v.ns() : v.bs();
                if (members.contains(null)) {
                    throw new IllegalArgumentException("attribute '" + at + "' is a set with a member that has no value");
                }
                return v;
            }
            case UNKNOWN_TO_SDK_VERSION -> {
                typeless.add(at);
                return EMPTY_MAP;
            }
            default -> {
                return v;
            }
        }
    }
}
