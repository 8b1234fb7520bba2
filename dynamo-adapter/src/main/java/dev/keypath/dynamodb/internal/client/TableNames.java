package dev.keypath.dynamodb.internal.client;

import dev.keypath.dynamodb.InvalidTableNameException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * DynamoDB's rule for table names, checked when a table is built: 3 to 255 characters, each a letter, a digit,
 * {@code _}, {@code .} or {@code -}. A table ARN ({@code arn:aws:dynamodb:<region>:<account>:table/<name>}), which
 * DynamoDB takes wherever it takes a name, is accepted when its name part follows the rule. Stateless.
 */
final class TableNames {
    private static final Pattern NAME = Pattern.compile("[a-zA-Z0-9_.-]{3,255}");
    private static final Pattern ARN = Pattern.compile("arn:aws[a-z-]*:dynamodb:[a-z0-9-]+:[0-9]{12}:table/(.*)");
    static final String RULE = "a DynamoDB table name has 3 to 255 characters, each one of a-z, A-Z, 0-9, '_', '.' "
            + "and '-' (a table ARN ends in table/ and such a name)";

    private TableNames() {
    }

    /** {@code name}, checked; an {@link InvalidTableNameException} naming the rule when DynamoDB would refuse it. */
    static String check(String name) {
        if (name == null) {
            throw new InvalidTableNameException("No table name: set tableName(...) on the table builder; " + RULE);
        }
        Matcher arn = ARN.matcher(name);
        String plain = arn.matches() ? arn.group(1) : name;
        if (!NAME.matcher(plain).matches()) {
            throw new InvalidTableNameException("Table name '" + name + "' would be refused by DynamoDB: " + RULE);
        }
        return name;
    }
}
