package dev.keypath;

import java.util.Map;

/**
 * The text grammar of key paths and templates, in one place: the element loop ({@code /namespace-id}, the
 * last element perhaps without its id), which syntax an id follows (integer, UUID, {@code ~} base64 bytes or a
 * string with {@code %} escapes; each id type reads its own), and for templates the variable slot
 * {@code {name}} that stands for a whole id. Every failure names the character position.
 *
 * <p>It reports each namespace and id to a {@link PathTextSink}, which decides what to build: a
 * {@link KeyPath} or a template's elements ({@link PathBuilder}), or the key bytes directly
 * ({@link TextKeyWriter}), so all of them see exactly the same syntax and errors.
 */
final class KeyPathParser {
    private KeyPathParser() {}

    /** Parses a key path's text. */
    static void parsePath(CharSequence chars, PathTextSink sink) {
        if (chars == null) {
            throw KeyPathFormatException.inValue("key path text must not be null", null, 0);
        }
        // one concrete type for every character read below; a String's toString() is itself
        String text = chars.toString();
        if (text.isEmpty()) {
            throw KeyPathFormatException.inText("empty key path", text, 0);
        }
        elements(text, sink, null);
    }

    /**
     * Parses a template's text: a path in which an id may be a variable {@code {name}}, with a name following
     * the namespace rule and used once. Inside a template a literal id may hold a brace only escaped.
     * {@code variables} receives each variable by the index of the element whose id it stands for.
     */
    static void parseTemplate(String text, PathTextSink elements, Map<Integer, String> variables) {
        if (text == null) {
            throw KeyPathFormatException.inValue("template must not be null", null, 0);
        }
        if (text.isEmpty()) {
            throw KeyPathFormatException.inText("empty template", text, 0);
        }
        elements(text, elements, variables);
    }

    /**
     * The element loop. {@code variables} receives the variables of a template, and is null for a path (where
     * a brace is an ordinary character of a string id).
     */
    private static void elements(String text, PathTextSink sink, Map<Integer, String> variables) {
        int n = text.length();
        int count = 0;
        int i = 0;
        while (i < n) {
            if (text.charAt(i) != '/') {
                throw KeyPathFormatException.inText("expected '/' to start an element", text, i);
            }
            i++;
            int nsStart = i;
            if (i >= n || !Namespace.isStart(text.charAt(i))) {
                throw KeyPathFormatException.inText(i >= n ? "empty namespace" : "namespace must start with a letter or '_', not "
                        + KeyPathFormatException.describe(text.charAt(i)), text, i);
            }
            while (i < n && Namespace.isPart(text.charAt(i))) {
                i++;
            }
            if (i == n || text.charAt(i) == '/') {
                if (count == 0) {
                    throw KeyPathFormatException.inText("the first element needs an id", text, i);
                }
                if (i < n) {
                    throw KeyPathFormatException.inText("only the last element may omit its id", text, i);
                }
                sink.namespace(text, nsStart, i);
                return;
            }
            if (text.charAt(i) != '-') {
                throw KeyPathFormatException.inText("invalid character " + KeyPathFormatException.describe(text.charAt(i))
                        + " in namespace", text, i);
            }
            sink.namespace(text, nsStart, i);
            count++;
            i++;
            if (variables == null) {
                i = id(text, i, n, sink);
            } else if (i < n && text.charAt(i) == '{') {
                i = variable(text, i, count - 1, variables);
            } else {
                i = id(text, i, idEnd(text, i, n, true), sink);
            }
        }
    }

    /**
     * Reads the id that starts at {@code start} and ends at the first unescaped '/' or at {@code limit},
     * reports it to {@code sink} and returns where it ends. Integers, UUIDs and strings without escapes are
     * recognised in the same pass that finds the end; an id with escapes, a bytes id or a bad character takes
     * a second pass.
     */
    private static int id(String text, int start, int limit, PathTextSink sink) {
        if (start == limit || text.charAt(start) == '/') {
            throw KeyPathFormatException.inText("empty id", text, start);
        }
        char first = text.charAt(start);
        if (first != BytesId.TEXT_MARK) {
            if (first == '-' || (first >= '0' && first <= '9')) {
                int end = IntegerId.parseText(text, start, limit, sink);
                if (end >= 0) {
                    return end;
                }
            }
            int uuidEnd = start + UuidId.TEXT_LENGTH;
            if (uuidEnd <= limit && (uuidEnd == limit || text.charAt(uuidEnd) == '/')
                    && UuidId.parseText(text, start, sink)) {
                return uuidEnd;
            }
            int end = StringId.parsePlainText(text, start, limit, sink);
            if (end >= 0) {
                return end;
            }
        }
        int end = idEnd(text, start, limit, false);
        sink.id(first == BytesId.TEXT_MARK ? BytesId.parseText(text, start + 1, end) : StringId.parseText(text, start, end));
        return end;
    }

    /**
     * Where the id at {@code start} ends: at the first '/' that no '%' escapes, or at {@code limit}. In a
     * template ({@code bracesReserved}) an unescaped brace is an error: a variable must be the whole id.
     */
    private static int idEnd(String text, int start, int limit, boolean bracesReserved) {
        int end = start;
        while (end < limit && text.charAt(end) != '/') {
            char c = text.charAt(end);
            if (bracesReserved && (c == '{' || c == '}')) {
                throw KeyPathFormatException.inText("a variable must be the whole id", text, end);
            }
            if (c == StringId.ESCAPE) {
                if (end + 1 >= limit) {
                    throw KeyPathFormatException.inText("dangling '%' at the end", text, end);
                }
                end++;
            }
            end++;
        }
        return end;
    }

    /**
     * Reads the variable slot {@code {name}} whose brace is at {@code open}, standing for the id of element
     * {@code element}; returns where it ends.
     */
    private static int variable(String text, int open, int element, Map<Integer, String> variables) {
        int close = text.indexOf('}', open);
        if (close < 0) {
            throw KeyPathFormatException.inText("unclosed '{'", text, open);
        }
        String name = text.substring(open + 1, close);
        int bad = Namespace.firstInvalid(name);
        if (bad >= 0) {
            throw KeyPathFormatException.inText("invalid variable name '" + name + "'", text, open + 1 + bad);
        }
        if (variables.containsValue(name)) {
            throw KeyPathFormatException.inText("variable {" + name + "} appears twice", text, open);
        }
        int end = close + 1;
        if (end < text.length() && text.charAt(end) != '/') {
            throw KeyPathFormatException.inText("a variable must be the whole id", text, end);
        }
        variables.put(element, name);
        return end;
    }
}
