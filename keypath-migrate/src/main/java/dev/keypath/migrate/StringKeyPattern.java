package dev.keypath.migrate;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One old string key's shape, such as {@code POST#{postId:int}#COMMENT#{commentId:int}}: literal text and
 * captures {@code {name}} or {@code {name:type}} (types: {@link CaptureType}). A literal brace or percent sign is
 * written {@code %{}, {@code %}} or {@code %%}. Two captures must be separated by literal text, or the split
 * between them would be a guess. The whole key must match; a {@code string} capture takes the shortest text that
 * lets the rest match. Immutable and thread-safe.
 */
final class StringKeyPattern {
    /** One capture: its name and type. */
    record Capture(String name, CaptureType type) {
    }

    private final String text;
    private final List<Capture> captures;
    private final Pattern regex;

    private StringKeyPattern(String text, List<Capture> captures, Pattern regex) {
        this.text = text;
        this.captures = captures;
        this.regex = regex;
    }

    /**
     * Parses {@code text}.
     *
     * @param entity the entity declaring it, for errors
     * @param part   {@code pk} or {@code sk}, for errors
     * @throws MappingDeclarationException naming the position of the problem
     */
    static StringKeyPattern parse(String text, String entity, String part) {
        if (text == null || text.isEmpty()) {
            throw new MappingDeclarationException(entity, part, null, "the pattern is empty");
        }
        List<Capture> captures = new ArrayList<>();
        StringBuilder regex = new StringBuilder("^");
        StringBuilder literal = new StringBuilder();
        boolean lastWasCapture = false;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '%') {
                if (i + 1 >= text.length() || "{}%".indexOf(text.charAt(i + 1)) < 0) {
                    throw MappingDeclarationException.at(entity, part, i, text,
                            "'%' escapes only '{', '}' or '%'; write '%%' for a percent sign");
                }
                literal.append(text.charAt(i + 1));
                i += 2;
            } else if (c == '}') {
                throw MappingDeclarationException.at(entity, part, i, text,
                        "'}' without an opening '{'; write '%}' for a literal brace");
            } else if (c == '{') {
                int close = text.indexOf('}', i);
                if (close < 0) {
                    throw MappingDeclarationException.at(entity, part, i, text, "'{' is never closed");
                }
                if (literal.length() == 0 && lastWasCapture) {
                    throw MappingDeclarationException.at(entity, part, i, text,
                            "two captures need literal text between them, or where one ends is a guess");
                }
                regex.append(Pattern.quote(literal.toString()));
                literal.setLength(0);
                Capture capture = capture(text, i, close, entity, part);
                for (Capture other : captures) {
                    if (other.name().equals(capture.name())) {
                        throw MappingDeclarationException.at(entity, part, i + 1, text,
                                "{" + capture.name() + "} is captured twice in one key");
                    }
                }
                captures.add(capture);
                regex.append('(').append(capture.type().regex()).append(')');
                lastWasCapture = true;
                i = close + 1;
            } else {
                literal.append(c);
                lastWasCapture = false;
                i++;
            }
        }
        if (literal.length() > 0) {
            regex.append(Pattern.quote(literal.toString()));
        }
        regex.append('$');
        return new StringKeyPattern(text, List.copyOf(captures), Pattern.compile(regex.toString(), Pattern.DOTALL));
    }

    private static Capture capture(String text, int open, int close, String entity, String part) {
        String body = text.substring(open + 1, close);
        int colon = body.indexOf(':');
        String name = colon < 0 ? body : body.substring(0, colon);
        if (name.isEmpty()) {
            throw MappingDeclarationException.at(entity, part, open + 1, text, "a capture needs a name, e.g. {userId}");
        }
        if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw MappingDeclarationException.at(entity, part, open + 1, text,
                    "capture name '" + name + "' must be letters, digits and '_', not starting with a digit");
        }
        CaptureType type = CaptureType.STRING;
        if (colon >= 0) {
            String typeName = body.substring(colon + 1);
            type = CaptureType.named(typeName);
            if (type == null) {
                throw MappingDeclarationException.at(entity, part, open + 2 + colon, text, "unknown conversion '"
                        + typeName + "' (known: string, int, uuid, date, instant)");
            }
        }
        return new Capture(name, type);
    }

    /** The captures in order of appearance. */
    List<Capture> captures() {
        return captures;
    }

    /** The captured texts in the order of {@link #captures()} if {@code key} has this shape; null otherwise. */
    String[] match(String key) {
        Matcher m = regex.matcher(key);
        if (!m.matches()) {
            return null;
        }
        String[] texts = new String[captures.size()];
        for (int g = 0; g < texts.length; g++) {
            texts[g] = m.group(g + 1);
        }
        return texts;
    }

    /** The pattern as declared. */
    @Override
    public String toString() {
        return text;
    }
}
