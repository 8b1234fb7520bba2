// spring-boot:test-run started the application on the development engine, which created its table, and it exited
def log = new File(basedir, 'build.log').text
assert log.contains("keypath: DynamoDB Local for development at http://127.0.0.1:")
assert log.contains("keypath: development table 'keypath' created")
assert log.contains("Started OrdersApplication")
