package dev.keypath.examples.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The Java snippets of one Markdown document, each turned into a compilation unit: its own {@code import} lines,
 * then its other lines as the body of a method of a class that extends the document's context (the values and
 * types its text presumes, such as {@code userId} or {@code User}), so that a snippet compiles exactly as shown or
 * not at all.
 */
final class DocSnippets {
    private static final Pattern IMPORT = Pattern.compile("import (static )?[\\w.]+(\\.\\*)?;\\s*(//.*)?");

    /** One snippet: where it starts in the document and its lines. */
    record Snippet(Path document, int firstLine, List<String> lines, String className) {
        /** The compilation unit, and for each of its lines the document's line (0 for the wrapper's own). */
        Unit unit(String packageName, Class<?> context) {
            StringBuilder source = new StringBuilder("package ").append(packageName).append(";\n");
            List<Integer> origin = new ArrayList<>(List.of(0));
            List<String> body = new ArrayList<>();
            List<Integer> bodyOrigin = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (IMPORT.matcher(line.strip()).matches()) {
                    source.append(line.strip()).append('\n');
                    origin.add(firstLine + i);
                } else {
                    body.add(line);
                    bodyOrigin.add(firstLine + i);
                }
            }
            source.append("@SuppressWarnings(\"all\") class ").append(className).append(" extends ")
                    .append(context.getCanonicalName()).append(" { void snippet() throws Exception {\n");
            origin.add(0);
            for (int i = 0; i < body.size(); i++) {
                source.append(body.get(i)).append('\n');
                origin.add(bodyOrigin.get(i));
            }
            source.append("}}\n");
            origin.add(0);
            return new Unit(this, source.toString(), origin);
        }
    }

    /** A snippet's compilation unit with its line origins. */
    record Unit(Snippet snippet, String source, List<Integer> origin) {
        /** The document line of the unit's 1-based {@code line}, or 0 for a line of the wrapper. */
        int documentLine(long line) {
            return line >= 1 && line <= origin.size() ? origin.get((int) line - 1) : 0;
        }
    }

    private DocSnippets() {
    }

    /** The {@code ```java} blocks of {@code document}, in order. */
    static List<Snippet> of(Path document, String classPrefix) throws IOException {
        List<String> lines = Files.readAllLines(document);
        List<Snippet> snippets = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).strip().equals("```java")) {
                continue;
            }
            int start = i + 1;
            int end = start;
            while (end < lines.size() && !lines.get(end).strip().equals("```")) {
                end++;
            }
            snippets.add(new Snippet(document, start + 1, List.copyOf(lines.subList(start, end)),
                    classPrefix + (snippets.size() + 1)));
            i = end;
        }
        return snippets;
    }
}
