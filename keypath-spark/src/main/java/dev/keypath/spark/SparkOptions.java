package dev.keypath.spark;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.net.URI;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The options of the {@code keypath} data source, as {@code spark.read().format("keypath")} and
 * {@code df.write().format("keypath")} take them, made into a {@link TableRead}, {@link ExportRead} or
 * {@link TableWrite}: {@code table} or {@code export} (a path), {@code region}, {@code endpoint}, {@code types}
 * (registered item types, class names separated by commas), {@code type} (typed rows of one of them),
 * {@code readCapacity} / {@code writeCapacity} (units per second for the whole job), {@code segments},
 * {@code concurrentTasks}, {@code unreadable} ({@code fail}, {@code column} or {@code side-output}, with
 * {@code sideOutput} the directory), {@code keepInternalItems}, {@code keepExpiredItems}, {@code consistentRead} and
 * {@code refusals} (a directory). An unknown option, or a bad value, is refused naming it. The Java API passes its
 * settings whole instead, as the option {@code settings}. Stateless.
 */
final class SparkOptions {
    static final String SETTINGS = "settings";
    /** The id under which a write hands its report back to {@link KeyPathDatasets#write}. */
    static final String REPORT = "reportid";
    private static final Set<String> KNOWN = Set.of(SETTINGS, "table", "export", "region", "endpoint", "types",
            "type", "readcapacity", "writecapacity", "segments", "concurrenttasks", "unreadable", "sideoutput",
            "keepinternalitems", "keepexpireditems", "consistentread", "refusals", "path", REPORT);

    private SparkOptions() {
    }

    /** The settings as one option's value. */
    static String encode(Serializable settings) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(settings);
        } catch (IOException e) {
            throw new IllegalArgumentException("the settings cannot be serialized (is a TableSetup lambda "
                    + "capturing something that is not serializable?): " + e, e);
        }
        return Base64.getEncoder().encodeToString(bytes.toByteArray());
    }

    static Object decode(String text) {
        try (ObjectInputStream in = new ObjectInputStream(
                new ByteArrayInputStream(Base64.getDecoder().decode(text)))) {
            return in.readObject();
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalArgumentException("the option " + SETTINGS + " is not keypath's settings: " + e, e);
        }
    }

    /** The read these options ask for: a {@link TableRead} or an {@link ExportRead}. */
    static Object read(Map<String, String> options) {
        Map<String, String> o = lower(options);
        if (o.containsKey(SETTINGS)) {
            return decode(o.get(SETTINGS));
        }
        ItemRows rows = o.containsKey("type") ? ItemRows.ofType(o.get("type")) : ItemRows.untyped();
        String unreadable = o.getOrDefault("unreadable", "fail").toLowerCase(Locale.ROOT);
        rows = switch (unreadable) {
            case "fail" -> rows;
            case "column" -> rows.unreadable(UnreadableRows.COLUMN);
            case "side-output" -> rows.unreadable(UnreadableRows.SIDE_OUTPUT, required(o, "sideoutput",
                    "unreadable=side-output needs the option sideOutput, a directory"));
            default -> throw new IllegalArgumentException("option unreadable is fail, column or side-output, not "
                    + unreadable);
        };
        if (flag(o, "keepinternalitems")) {
            rows = rows.keepingInternalItems();
        }
        if (flag(o, "keepexpireditems")) {
            rows = rows.keepingExpiredItems();
        }
        String export = o.containsKey("export") ? o.get("export") : o.get("path");
        if (export != null && !o.containsKey("table")) {
            ExportRead read = ExportRead.of(export, rows);
            if (o.containsKey("types")) {
                read = read.types(spec(o, "export"));
            } else if (rows.typeName() != null) {
                throw new IllegalArgumentException("typed rows of an export need the registered types: option types");
            }
            return read;
        }
        TableRead read = TableRead.of(spec(o, required(o, "table", "give the option table, or export")), rows);
        if (o.containsKey("readcapacity")) {
            read = read.readCapacity(number(o, "readcapacity"));
        }
        if (o.containsKey("segments")) {
            read = read.segments((int) number(o, "segments"));
        }
        if (o.containsKey("concurrenttasks")) {
            read = read.concurrentTasks((int) number(o, "concurrenttasks"));
        }
        if (flag(o, "consistentread")) {
            read = read.consistentRead();
        }
        return read;
    }

    /** The write these options ask for. */
    static TableWrite write(Map<String, String> options) {
        Map<String, String> o = lower(options);
        if (o.containsKey(SETTINGS)) {
            return (TableWrite) decode(o.get(SETTINGS));
        }
        TableWrite write = TableWrite.of(spec(o, required(o, "table", "give the option table")));
        if (o.containsKey("type")) {
            write = write.typeName(o.get("type"));
        }
        if (o.containsKey("writecapacity")) {
            write = write.writeCapacity(number(o, "writecapacity"));
        }
        if (o.containsKey("concurrenttasks")) {
            write = write.concurrentTasks((int) number(o, "concurrenttasks"));
        }
        if (o.containsKey("refusals")) {
            write = write.refusals(o.get("refusals"));
        }
        return write;
    }

    private static TableSpec spec(Map<String, String> o, String table) {
        DynamoDbConnection c = o.containsKey("region") ? DynamoDbConnection.region(o.get("region"))
                : DynamoDbConnection.defaultRegion();
        if (o.containsKey("endpoint")) {
            c = c.endpoint(URI.create(o.get("endpoint")));
        }
        TableSpec spec = TableSpec.of(c, table);
        if (o.containsKey("types")) {
            List<String> names = new ArrayList<>();
            for (String n : o.get("types").split(",")) {
                if (!n.isBlank()) {
                    names.add(n.trim());
                }
            }
            spec = spec.register(names);
        }
        if (o.containsKey("type") && !o.getOrDefault("types", "").contains(o.get("type"))) {
            spec = spec.register(List.of(o.get("type")));
        }
        return spec;
    }

    private static Map<String, String> lower(Map<String, String> options) {
        Map<String, String> out = new HashMap<>();
        options.forEach((k, v) -> {
            String key = k.toLowerCase(Locale.ROOT);
            if (!KNOWN.contains(key)) {
                throw new IllegalArgumentException("unknown option " + k + " of the keypath data source (known: table, "
                        + "export, region, endpoint, types, type, readCapacity, writeCapacity, segments, "
                        + "concurrentTasks, unreadable, sideOutput, keepInternalItems, keepExpiredItems, "
                        + "consistentRead, refusals)");
            }
            out.put(key, v);
        });
        return out;
    }

    private static String required(Map<String, String> o, String name, String why) {
        String v = o.get(name);
        if (v == null || v.isBlank()) {
            throw new IllegalArgumentException(why);
        }
        return v;
    }

    private static boolean flag(Map<String, String> o, String name) {
        String v = o.get(name);
        if (v == null) {
            return false;
        }
        if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
            throw new IllegalArgumentException("option " + name + " is true or false, not " + v);
        }
        return Boolean.parseBoolean(v);
    }

    private static double number(Map<String, String> o, String name) {
        try {
            return Double.parseDouble(o.get(name));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("option " + name + " is a number, not " + o.get(name), e);
        }
    }
}
