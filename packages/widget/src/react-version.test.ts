import { describeReactUnderTest } from '@docchat/test-utils/react-version'
import { createElement, version } from 'react'
import { version as domVersion } from 'react-dom'
import { renderToString } from 'react-dom/server'

describeReactUnderTest({
  version,
  domVersion,
  renderBold: () => renderToString(createElement('b', null, 'x')),
})
