package dev.keypath.spring.test;

import org.springframework.boot.test.autoconfigure.TestSliceTestContextBootstrapper;
import org.springframework.test.context.TestContextAnnotationUtils;

/** Starts a {@link KeyPathDynamoTest}: its properties, plus the embedded engine unless it says otherwise. */
final class KeyPathDynamoTestContextBootstrapper extends TestSliceTestContextBootstrapper<KeyPathDynamoTest> {
    static final String EMBEDDED = "keypath.dynamodb.embedded=true";

    @Override
    protected String[] getProperties(Class<?> testClass) {
        String[] properties = super.getProperties(testClass);
        KeyPathDynamoTest test = TestContextAnnotationUtils.findMergedAnnotation(testClass, KeyPathDynamoTest.class);
        if (test != null && !test.embedded()) {
            return properties;
        }
        String[] given = properties == null ? new String[0] : properties;
        String[] withEngine = new String[given.length + 1];
        withEngine[0] = EMBEDDED; // first, so that the test's own properties may override it
        System.arraycopy(given, 0, withEngine, 1, given.length);
        return withEngine;
    }
}
